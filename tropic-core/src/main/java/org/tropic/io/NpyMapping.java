package org.tropic.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * A square {@code .npy} matrix mapped read-only into memory: its checked header, the mapping and the arena that
 * owns it. The mapping outlives the channel; closing the (shared) arena unmaps it, after which any access by any
 * thread fails with {@link IllegalStateException} rather than touching freed memory.
 */
record NpyMapping(Path file, NpyHeader header, int n, Arena arena, MemorySegment segment) {

  /**
   * Maps {@code file}, checking it is a square C-order little-endian matrix of {@code dtype} whose size is exactly
   * header + n²×4 bytes.
   */
  static NpyMapping open(Path file, NpyHeader.Dtype dtype) throws IOException {
    if (Files.isDirectory(file)) { // else the JDK's bare "Is a directory", without the name: exit 1
      throw new NpyFormatException(file, "is a folder, not a .npy matrix");
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      NpyHeader header = NpyHeader.read(channel, file, dtype);
      String quoted = " (header " + header.dictText() + ")";
      if (header.rows() != header.columns()) {
        throw new NpyFormatException(file, "the matrix is " + header.rows() + "×" + header.columns()
            + ", not square" + quoted);
      }
      if (header.rows() > Integer.MAX_VALUE) {
        throw new NpyFormatException(file, "n=" + header.rows() + " exceeds the largest vertex count "
            + Integer.MAX_VALUE + quoted);
      }
      long size = channel.size();
      if (size != header.fileSize()) {
        throw new NpyFormatException(file, String.format(Locale.ROOT, "the file has %,d bytes but its header"
            + " promises %d + %,d²×%d = %,d%s%s", size, header.dataOffset(), header.rows(), dtype.bytes(),
            header.fileSize(), size < header.fileSize() ? " (truncated?)" : "", quoted));
      }
      Arena arena = Arena.ofShared();
      try {
        MemorySegment segment = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        return new NpyMapping(file, header, (int) header.rows(), arena, segment);
      } catch (IOException | RuntimeException e) {
        arena.close();
        throw e;
      }
    }
  }
}

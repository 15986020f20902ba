package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How fast a result can be written where it goes, measured: a time estimate for work that mostly writes an n×n
 * matrix (an update through few endpoints) needs the disk's rate, which no constant knows (page cache, local SSD,
 * network file system). A {@value #PROBE_BYTES}-byte file is written beside the output and forced to disk, as
 * {@link DistanceStore} forces a result, then deleted. On the 2-core development VM such a probe read 870 MB/s
 * against 896 MB/s for a whole GiB ({@code dd conv=fsync}), about a tenth of a second.
 */
public final class WriteRate {
  /** The probe's size: large enough that the force, not the call, dominates its time. */
  public static final int PROBE_BYTES = 64 << 20;
  private static final int CHUNK = 1 << 20;

  private WriteRate() {}

  /**
   * Bytes per second written and forced beside {@code out}, through a hidden {@code .NAME.tmp-<random>} file that
   * {@link DistanceStore#deleteLeftovers} deletes should a kill -9 leave it; its folder is created if missing, as
   * the write would.
   */
  public static double measure(Path out) throws IOException {
    return measure(out, PROBE_BYTES);
  }

  /**
   * As {@link #measure(Path)}, for a result of {@code resultBytes}: the probe is a sixteenth of it, clamped to
   * [1 MiB, {@value #PROBE_BYTES}] and never more than the result, so timing adds at most a sixteenth to the writing
   * of a result up to 1 GiB (power's 93 MiB result gets 5.8 MiB; a 16 MiB probe read 676 MB/s where 64 MiB read 870:
   * a small one errs long, and on a small result, whose writing is short either way).
   */
  public static double measure(Path out, long resultBytes) throws IOException {
    // never more than the result, whose room was checked: a 1 MiB probe failed beside a 92 KiB result in 200 KiB
    long size = Math.max(Math.min(CHUNK, resultBytes), Math.min(PROBE_BYTES, resultBytes / 16) / CHUNK * CHUNK);
    Path target = out.toAbsolutePath();
    Files.createDirectories(target.getParent());
    Path probe = target.resolveSibling("." + target.getFileName() + ".tmp-"
        + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
    PendingFiles.createFile(probe);
    try {
      ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK);
      long start = System.nanoTime();
      try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.WRITE)) {
        for (long written = 0; written < size; written += chunk.limit()) {
          chunk.clear().limit((int) Math.min(CHUNK, size - written));
          while (chunk.hasRemaining()) {
            channel.write(chunk);
          }
        }
        channel.force(true);
      }
      return size / Math.max(1e-6, (System.nanoTime() - start) / 1e9);
    } catch (IOException e) { // "No space left on device" named no file
      throw new IOException(target + ": cannot write beside it to time the disk (" + e.getMessage() + ")", e);
    } finally {
      Files.deleteIfExists(probe);
      PendingFiles.done(probe);
    }
  }
}

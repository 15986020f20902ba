package org.tropic.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * Deletes the temporaries a write killed before its end left beside its target. A Ctrl-C or SIGTERM deletes its own
 * ({@link PendingFiles}); a kill -9, an out-of-memory kill or a power cut cannot, and no later write replaces them,
 * so each such stop would leave another copy of the output (as large as a result or a save) on the disk. A write of
 * the same file at the same time, which nothing supports, would lose its temporary.
 */
public final class Leftovers {
  private Leftovers() {}

  /**
   * Deletes the regular files in {@code folder} whose names {@code temporaryName} accepts; one that cannot be
   * deleted is left in place, for the checks that follow to name the folder if it takes no changes.
   *
   * @return the bytes freed
   * @throws IOException if the folder cannot be listed
   */
  public static long delete(Path folder, Predicate<String> temporaryName) throws IOException {
    long freed = 0;
    try (DirectoryStream<Path> listing = Files.newDirectoryStream(folder,
        p -> temporaryName.test(p.getFileName().toString()) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))) {
      for (Path leftover : listing) {
        try {
          long size = Files.size(leftover);
          if (Files.deleteIfExists(leftover)) {
            freed += size;
          }
        } catch (IOException e) {
          // left in place
        }
      }
    }
    return freed;
  }

  /** Names of one of the prefixes followed by 16 hex digits, as results and checkpoint saves name their temporaries. */
  public static Predicate<String> prefixAndHex(List<String> prefixes) {
    return name -> prefixes.stream()
        .anyMatch(prefix -> name.startsWith(prefix) && name.substring(prefix.length()).matches("[0-9a-f]{16}"));
  }
}

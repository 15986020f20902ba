package org.tropic.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Temporary files and directories a write has created but not yet committed or deleted. If the JVM stops first
 * (Ctrl-C, SIGTERM, an uncaught error) a shutdown hook deletes them, a directory with everything in it, so an
 * interrupted run leaves nothing half-written behind. A kill -9 cannot be caught; the temporaries are hidden
 * (dot-named) for that case. Public for the writers of other modules (a stored knowledge graph is a directory staged
 * this way).
 */
public final class PendingFiles {
  /** Passes over a directory: the writer runs on while the hook deletes, and may add a file after a pass. */
  private static final int PASSES = 5;
  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("tropic-delete-temporaries").unstarted(() -> {
      for (Path file : PENDING) {
        if (PENDING.remove(file)) { // not released by its writer in the meantime
          delete(file);
        }
      }
    }));
  }

  private PendingFiles() {}

  /** Remembers {@code file} (a file, or a directory deleted with its content) until {@link #done}. */
  public static void add(Path file) {
    PENDING.add(file);
  }

  /** {@code file} was committed (renamed) or deleted: the hook must leave it alone. */
  public static void done(Path file) {
    PENDING.remove(file);
  }

  /**
   * Takes {@code file} back from the hook just before it is committed, and says whether that may go ahead: false
   * when the JVM is stopping and the hook has begun to delete it. A directory must not be renamed into place half
   * deleted; a single file's rename and deletion are atomic, so {@link #done} after the commit serves for those.
   */
  public static boolean release(Path file) {
    return PENDING.remove(file);
  }

  /** Deletes {@code file}, or the directory {@code file} and what it holds; quietly, as the JVM is going down. */
  static void delete(Path file) {
    for (int pass = 0; pass < PASSES && Files.exists(file); pass++) {
      try (Stream<Path> paths = Files.walk(file)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      } catch (IOException | UncheckedIOException e) {
        // a file appeared or vanished under the walk: look again
      }
    }
  }
}

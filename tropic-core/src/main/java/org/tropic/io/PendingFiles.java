package org.tropic.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Temporary files a write has created but not yet committed or deleted. If the JVM stops first (Ctrl-C, SIGTERM,
 * an uncaught error) a shutdown hook deletes them, so an interrupted run leaves no half-written file behind. A
 * kill -9 cannot be caught; the temporaries are hidden (dot-named) for that case.
 */
final class PendingFiles {
  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("tropic-delete-temporaries").unstarted(() -> {
      for (Path file : PENDING) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // the JVM is going down; nothing better to do than leave this one
        }
      }
    }));
  }

  private PendingFiles() {}

  /** Remembers {@code file} until {@link #done}. */
  static void add(Path file) {
    PENDING.add(file);
  }

  /** {@code file} was committed (renamed) or deleted: the hook must leave it alone. */
  static void done(Path file) {
    PENDING.remove(file);
  }
}

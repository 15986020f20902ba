package org.tropic.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Temporary files a write has created but not yet committed or deleted. If the JVM stops first (Ctrl-C, SIGTERM,
 * an uncaught error) a shutdown hook deletes them, so an interrupted run leaves no half-written file behind. A
 * kill -9 cannot be caught; the temporaries are hidden (dot-named) for that case.
 *
 * <p>The hook runs while the main thread goes on, so it must not delete a temporary that a commit is renaming into
 * place: the commit of a result first removes the old sidecar, and a temporary gone under it would leave neither
 * the old result nor the new one. Commits therefore run under {@link #commit}, holding a lock the hook takes too:
 * the hook waits for a commit in progress to finish (the new result then stands and nothing is left to delete), and
 * a commit that comes after the hook finds its temporaries gone and refuses to start, leaving the old result as it
 * was.
 */
final class PendingFiles {
  /** How long the hook waits for a commit: renames take milliseconds, a hung file system may take forever. */
  private static final long HOOK_WAIT_SECONDS = 30;

  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
  private static final ReentrantLock COMMITS = new ReentrantLock();

  static {
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("tropic-delete-temporaries")
        .unstarted(PendingFiles::deleteAll));
  }

  private PendingFiles() {}

  /** A sequence of renames that publishes files. */
  @FunctionalInterface
  interface Commit {
    void run() throws IOException;
  }

  /** Remembers {@code file} until {@link #done}. */
  static void add(Path file) {
    PENDING.add(file);
  }

  /** {@code file} was committed (renamed) or deleted: the hook must leave it alone. */
  static void done(Path file) {
    PENDING.remove(file);
  }

  /**
   * Runs {@code commit} so that the shutdown hook cannot delete files under it: the hook waits until it is done.
   * If the hook has already run, some of {@code temporaries} are gone, and the commit is refused before it changes
   * anything.
   *
   * @param temporaries the files the commit renames into place
   * @throws NoSuchFileException naming the first temporary that is gone (the program is stopping)
   */
  static void commit(Collection<Path> temporaries, Commit commit) throws IOException {
    COMMITS.lock();
    try {
      for (Path temporary : temporaries) {
        if (!Files.exists(temporary)) {
          throw new NoSuchFileException(temporary.toString(), null, "deleted before it was committed (is the"
              + " program being stopped?); any earlier result is left as it was");
        }
      }
      commit.run();
    } finally {
      COMMITS.unlock();
    }
  }

  /**
   * What the shutdown hook does: waits for a commit in progress, then deletes every pending file. If a commit does
   * not finish in time (a hung file system), its hidden temporaries are left rather than deleted under it.
   */
  static void deleteAll() {
    boolean locked;
    try {
      locked = COMMITS.tryLock(HOOK_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (!locked) {
      return;
    }
    try {
      for (Path file : PENDING) {
        try {
          Files.deleteIfExists(file);
          PENDING.remove(file);
        } catch (IOException e) {
          // the JVM is going down; nothing better to do than leave this one
        }
      }
    } finally {
      COMMITS.unlock();
    }
  }
}

package org.tropic.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * Temporary files and directories a write has created but not yet committed or deleted. If the JVM stops first
 * (Ctrl-C, SIGTERM, an uncaught error) a shutdown hook deletes them, a directory with everything in it, so an
 * interrupted run leaves nothing half-written behind. A kill -9 cannot be caught; the temporaries are hidden
 * (dot-named) for that case. Public for the writers of other modules (a stored knowledge graph is a directory staged
 * this way).
 *
 * <p>The hook runs while the main thread goes on, so it must not delete a temporary that a commit is renaming into
 * place: the commit of a result first removes the old sidecar, and a temporary gone under it would leave neither
 * the old result nor the new one. Commits therefore run under {@link #commit}, holding a lock the hook takes too:
 * the hook waits for a commit in progress to finish (the new result then stands and nothing is left to delete), and
 * a commit that comes after the hook finds its temporaries gone and refuses to start, leaving the old result as it
 * was. A directory is instead taken back with {@link #release} just before its rename.
 */
public final class PendingFiles {
  /** Passes over a directory: the writer runs on while the hook deletes, and may add a file after a pass. */
  private static final int PASSES = 5;
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

  /** Remembers {@code file} (a file, or a directory deleted with its content) until {@link #done}. */
  public static void add(Path file) {
    PENDING.add(file);
  }

  /**
   * Creates the empty file {@code file} and remembers it, as one step the hook cannot come between: it runs under
   * the lock the hook holds while it deletes, and not at all once the JVM is stopping. A file created and then
   * {@link #addCreated added} could fall between the hook's pass and the JVM's halt and be left behind (a
   * checkpoint's {@code .tmp-} after a SIGTERM, once, in a loaded test run).
   *
   * @throws IOException naming the file when the JVM is stopping, or as {@link Files#createFile} throws
   */
  public static void createFile(Path file) throws IOException {
    COMMITS.lock();
    try {
      // not stopping yet: the hook, once it starts, waits for this lock and then finds the file
      if (stopping()) {
        throw new IOException("not writing " + file + ": the program is being stopped");
      }
      Files.createFile(file);
      PENDING.add(file);
    } finally {
      COMMITS.unlock();
    }
  }

  /**
   * Remembers a temporary its writer has just created, as {@link #add} does, unless the JVM is already stopping:
   * the hook may then have passed, and a file created after it (the solve runs on while the hooks do, and reaches
   * its next save or its result) would be left behind, as large as a result. It is then deleted, and the writer
   * stopped.
   *
   * @throws IOException naming the file when the JVM is stopping
   */
  public static void addCreated(Path file) throws IOException {
    PENDING.add(file);
    if (stopping()) { // asked after the add: hooks that start later find the file in PENDING
      if (PENDING.remove(file)) {
        delete(file);
      }
      throw new IOException("not writing " + file + ": the program is being stopped");
    }
  }

  /** {@code file} was committed (renamed) or deleted: the hook must leave it alone. */
  public static void done(Path file) {
    PENDING.remove(file);
  }

  /**
   * Whether the JVM is stopping: it takes no more shutdown hooks once it has begun to run them (the only public
   * sign of it), so a writer that is told no knows the deleting hook has not started.
   */
  public static boolean stopping() {
    Thread probe = Thread.ofPlatform().unstarted(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
    } catch (IllegalStateException e) {
      return true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(probe);
    } catch (IllegalStateException e) {
      return true;
    }
    return false;
  }

  /**
   * Takes {@code file} back from the hook just before it is committed, and says whether that may go ahead: false
   * when the JVM is stopping and the hook has begun to delete it. A directory must not be renamed into place half
   * deleted; a single file's rename and deletion are atomic, so {@link #done} after the commit serves for those.
   */
  public static boolean release(Path file) {
    return PENDING.remove(file);
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
   * Waits, as long as the hook would, for a commit in progress to end, so that a note printed as the JVM stops can
   * tell whether the result it renamed is in place.
   */
  public static void awaitCommit() {
    try {
      if (COMMITS.tryLock(HOOK_WAIT_SECONDS, TimeUnit.SECONDS)) {
        COMMITS.unlock();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * What the shutdown hook does: waits for a commit in progress, then deletes every pending file and directory. If
   * a commit does not finish in time (a hung file system), its hidden temporaries are left rather than deleted under
   * it.
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
        if (PENDING.remove(file)) { // not released by its writer in the meantime
          delete(file);
        }
      }
    } finally {
      COMMITS.unlock();
    }
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

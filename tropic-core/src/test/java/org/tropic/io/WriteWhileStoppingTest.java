package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;

/**
 * A write that starts while the JVM is stopping: the solve runs on while the shutdown hooks do, so after a SIGTERM
 * it may reach its result (or its next checkpoint save) once the hook that deletes temporaries has passed. The
 * temporary it would create is then deleted and the write refused, not left behind as large as a result. A real JVM
 * runs {@link Writer}: its main thread calls {@code System.exit}, a writer thread starts once the JVM stops, and a
 * hook of its own keeps the JVM up until the writer has ended, as a long write would.
 */
class WriteWhileStoppingTest {
  @TempDir
  Path dir;

  @Test
  void aWriteBegunAfterTheHookLeavesNoTemporary() throws IOException, InterruptedException {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path log = dir.resolve("writer.log");
    Path out = Files.createDirectory(dir.resolve("out"));
    Process writer = new ProcessBuilder(List.of(java.toString(), "--add-modules", "jdk.incubator.vector", "-cp",
        classPath, Writer.class.getName(), out.toString()))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(Files.readString(log)).contains("not writing").contains("the program is being stopped");
    assertThat(NpyTestSupport.listing(out)).isEmpty();
  }

  /** The program the test runs. */
  static final class Writer {
    private Writer() {}

    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]).resolve("r.npy");
      PendingFiles.done(out); // loads PendingFiles, whose hook is registered first
      CountDownLatch written = new CountDownLatch(1);
      // the JVM stays up until the write has ended (a refused one at once), or 60 s: however slowly a loaded machine
      // runs it, the write is not cut short by the JVM ending first
      Runtime.getRuntime().addShutdownHook(new Thread(() -> await(written)));
      Thread write = new Thread(() -> {
        while (!stopping()) {
          sleep(10);
        }
        sleep(300); // the deleting hook, with nothing pending yet, is long done
        try {
          DistanceStore.write(NpyTestSupport.randomMatrix(2000, 1, null), out, NpyTestSupport.sidecar(2000, null),
              new Progress() {
                @Override
                public void begin(String task, long totalWork) {}

                @Override
                public void advance(long work) {
                  sleep(100); // rows written slowly: the JVM halts in the middle
                }

                @Override
                public void end() {}
              });
        } catch (IOException e) {
          System.out.println(e.getMessage());
        } finally {
          System.out.flush();
          written.countDown();
        }
      });
      write.setDaemon(true);
      write.start();
      System.exit(0);
    }

    private static boolean stopping() {
      Thread probe = new Thread(() -> {});
      try {
        Runtime.getRuntime().addShutdownHook(probe);
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
      } catch (IllegalStateException e) {
        return true;
      }
    }

    private static void await(CountDownLatch latch) {
      try {
        latch.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private static void sleep(long millis) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

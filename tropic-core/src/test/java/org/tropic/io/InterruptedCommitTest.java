package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;
import org.tropic.apsp.RowDistanceMatrix;

/**
 * Ctrl-C or SIGTERM while a result is written over an earlier one: the shutdown hook ({@link PendingFiles#deleteAll},
 * run here on a thread of its own, as the JVM runs it) must leave the earlier result or the new one complete, never
 * a matrix without its sidecar or nothing.
 */
class InterruptedCommitTest {
  @TempDir
  Path dir;

  @AfterEach
  void removeThePausePoint() {
    DistanceStore.insideCommit = () -> {};
  }

  /** The hook comes while the renames run: it waits for them, so the new result stands and nothing is left over. */
  @Test
  void aHookDuringTheCommitWaitsForItAndTheNewResultStands() throws Exception {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(20, 1, null), out, NpyTestSupport.sidecar(20, null),
        Progress.NONE);
    RowDistanceMatrix second = NpyTestSupport.randomMatrix(30, 2, null);
    Thread[] hook = new Thread[1];
    DistanceStore.insideCommit = () -> {
      // The old sidecar is gone and the new files are not in place: the worst moment for the hook to delete them.
      hook[0] = Thread.ofPlatform().name("test-shutdown-hook").start(PendingFiles::deleteAll);
      waitUntilFinishedOrWaiting(hook[0]);
    };

    DistanceStore.write(second, out, NpyTestSupport.sidecar(30, null), Progress.NONE);

    hook[0].join(TimeUnit.SECONDS.toMillis(30));
    assertThat(hook[0].isAlive()).isFalse();
    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json"); // no temporary left over
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      assertThat(stored.size()).isEqualTo(30);
      assertThat(stored.get(29, 7)).isEqualTo(second.get(29, 7));
    }
  }

  /** The hook comes after the files are staged but before the commit: the commit refuses, the old result stays. */
  @Test
  void aCommitAfterTheHookIsRefusedAndTheEarlierResultStays() throws Exception {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(20, 1, null), out, NpyTestSupport.sidecar(20, null),
        Progress.NONE);
    byte[] npyBefore = Files.readAllBytes(out);
    byte[] jsonBefore = Files.readAllBytes(Sidecar.pathFor(out));
    Progress hookOnceWritten = new Progress() {
      @Override
      public void begin(String task, long totalWork) {}

      @Override
      public void advance(long work) {}

      @Override
      public void end() { // "writing r.npy: done", then Ctrl-C
        PendingFiles.deleteAll();
      }
    };

    assertThatThrownBy(() -> DistanceStore.write(NpyTestSupport.randomMatrix(30, 2, null), out,
        NpyTestSupport.sidecar(30, null), hookOnceWritten))
        .isInstanceOf(NoSuchFileException.class).hasMessageContaining("earlier result is left as it was");

    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json");
    assertThat(Files.readAllBytes(out)).isEqualTo(npyBefore);
    assertThat(Files.readAllBytes(Sidecar.pathFor(out))).isEqualTo(jsonBefore);
  }

  /** Returns once the hook has run to its end, or is parked waiting (for the commit's lock). */
  private static void waitUntilFinishedOrWaiting(Thread hook) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (hook.isAlive() && System.nanoTime() < deadline) {
      Thread.State state = hook.getState();
      if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
        return;
      }
      Thread.onSpinWait();
    }
  }

  @Test
  void theHookDeletesTemporariesNoCommitHolds() throws IOException {
    Path temporary = Files.createFile(dir.resolve(".x.npy.tmp-1"));
    PendingFiles.add(temporary);
    PendingFiles.deleteAll();
    assertThat(temporary).doesNotExist();
  }
}

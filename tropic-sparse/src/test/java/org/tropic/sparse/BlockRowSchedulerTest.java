package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class BlockRowSchedulerTest {
  private static final BlockRowScheduler OWN = BlockRowScheduler.withOwnHelpers(3);

  /** Back-to-back calls, as iterative analytics make them: every block row of every call runs exactly once. */
  @Test
  void everyBlockRowOfEveryCallRunsOnce() {
    for (int call = 0; call < 2000; call++) {
      int rows = 1 + call % 37;
      AtomicIntegerArray runs = new AtomicIntegerArray(rows);
      OWN.forEachBlockRow(rows, runs::incrementAndGet);
      for (int br = 0; br < rows; br++) {
        assertThat(runs.get(br)).as("call %d, block row %d", call, br).isEqualTo(1);
      }
    }
  }

  /** Every preparation is done before any block row starts, and each runs once. */
  @Test
  void preparationsFinishBeforeTheBlockRows() {
    for (int call = 0; call < 500; call++) {
      int preparations = call % 11;
      int rows = 1 + call % 29;
      AtomicIntegerArray prepared = new AtomicIntegerArray(Math.max(1, preparations));
      AtomicIntegerArray runs = new AtomicIntegerArray(rows);
      AtomicInteger early = new AtomicInteger();
      OWN.forEachBlockRow(preparations, prepared::incrementAndGet, rows, br -> {
        for (int i = 0; i < preparations; i++) {
          if (prepared.get(i) != 1) {
            early.incrementAndGet();
          }
        }
        runs.incrementAndGet(br);
      });
      assertThat(early.get()).as("call %d: block rows that started before a preparation ended", call).isZero();
      for (int br = 0; br < rows; br++) {
        assertThat(runs.get(br)).as("call %d, block row %d", call, br).isEqualTo(1);
      }
    }
  }

  /** A failing preparation is reported; the workers waiting for it do not hang and skip the block rows. */
  @Test
  void aFailingPreparationIsReportedAndDoesNotHang() {
    AtomicInteger bodies = new AtomicInteger();
    assertThatThrownBy(() -> OWN.forEachBlockRow(6, i -> {
      if (i == 4) {
        throw new IllegalStateException("preparation 4 broke");
      }
    }, 30, br -> bodies.incrementAndGet())).hasMessage("preparation 4 broke");
    assertThat(bodies.get()).isZero();
  }

  @Test
  void aFailingBlockRowIsReportedAndTheHelpersCarryOn() {
    assertThatThrownBy(() -> OWN.forEachBlockRow(50, br -> {
      if (br == 17) {
        throw new IllegalStateException("row 17 broke");
      }
    })).hasMessage("row 17 broke");
    AtomicIntegerArray runs = new AtomicIntegerArray(20);
    OWN.forEachBlockRow(20, runs::incrementAndGet);
    assertThat(runs.toString()).isEqualTo(new AtomicIntegerArray(new int[] {
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}).toString());
  }

  /** A block row that itself runs a product on the same scheduler finishes: each caller can do all its rows alone. */
  @Test
  void nestedCallsFinish() {
    AtomicIntegerArray inner = new AtomicIntegerArray(8 * 5);
    OWN.forEachBlockRow(8, outer -> OWN.forEachBlockRow(5, br -> inner.incrementAndGet(outer * 5 + br)));
    for (int i = 0; i < inner.length(); i++) {
      assertThat(inner.get(i)).isEqualTo(1);
    }
  }

  /** Concurrent callers share the helpers; neither loses or repeats a block row. */
  @Test
  void concurrentCallersEachGetAllTheirRows() throws InterruptedException {
    AtomicIntegerArray a = new AtomicIntegerArray(1000);
    AtomicIntegerArray b = new AtomicIntegerArray(1000);
    Thread other = new Thread(() -> {
      for (int i = 0; i < 200; i++) {
        int call = i;
        OWN.forEachBlockRow(5, br -> b.incrementAndGet(call * 5 + br));
      }
    });
    other.start();
    for (int i = 0; i < 200; i++) {
      int call = i;
      OWN.forEachBlockRow(5, br -> a.incrementAndGet(call * 5 + br));
    }
    other.join();
    for (int i = 0; i < 1000; i++) {
      assertThat(a.get(i)).isEqualTo(1);
      assertThat(b.get(i)).isEqualTo(1);
    }
  }
}

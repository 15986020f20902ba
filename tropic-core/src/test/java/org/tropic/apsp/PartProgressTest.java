package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PartProgressTest {
  /** The outer task: counts what it is told and remembers the task names it saw begin. */
  private static final class Outer implements Progress {
    final AtomicLong units = new AtomicLong();
    int begins;

    @Override
    public void begin(String task, long totalWork) {
      begins++;
    }

    @Override
    public void advance(long work) {
      units.addAndGet(work);
    }

    @Override
    public void end() {}
  }

  @Test
  void rescalesTheStepsWorkToItsShareOfTheOuterTask() {
    Outer outer = new Outer();
    PartProgress step = new PartProgress(outer, 1_000);
    step.begin("Floyd–Warshall", 8);
    step.advance(2);
    assertThat(outer.units).hasValue(250);
    step.advance(6);
    assertThat(outer.units).hasValue(1_000);
    step.advance(5);
    step.end();
    step.finish();
    assertThat(outer.units).as("never more than the share").hasValue(1_000);
    assertThat(outer.begins).as("the outer bar keeps its own name").isZero();
  }

  @Test
  void finishAddsWhatTheStepNeverReported() {
    Outer outer = new Outer();
    PartProgress silent = new PartProgress(outer, 77);
    silent.finish();
    assertThat(outer.units).hasValue(77);
  }

  @Test
  void concurrentWorkersAddUpExactly() {
    Outer outer = new Outer();
    PartProgress step = new PartProgress(outer, 3 * 4096);
    step.begin("tiles", 4096);
    IntStream.range(0, 4096).parallel().forEach(i -> step.advance(1));
    assertThat(outer.units).hasValue(3 * 4096);
  }
}

package org.tropic.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Counts gigabytes of memory traffic so JMH prints a {@code gb} column in GB/s next to ops/s. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class GigabyteCounter {
  /** GB read and written in the current iteration; JMH divides by the iteration's time. */
  public double gb;

  @Setup(Level.Iteration)
  public void reset() {
    gb = 0;
  }
}

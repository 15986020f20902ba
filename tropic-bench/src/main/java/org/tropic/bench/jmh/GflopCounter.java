package org.tropic.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Counts GFLOP done (2 per min-plus update) so JMH prints a {@code gflop} column in GFLOP/s next to ops/s, summed
 * over threads like any throughput.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class GflopCounter {
  /** GFLOP done in the current iteration; JMH divides by the iteration's time. */
  public double gflop;

  @Setup(Level.Iteration)
  public void reset() {
    gflop = 0;
  }
}

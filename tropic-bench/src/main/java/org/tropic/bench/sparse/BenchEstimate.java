package org.tropic.bench.sparse;

import java.util.List;
import org.tropic.io.Units;

/**
 * How long a {@link SparseBench} run will take, said before the first measurement: a run of the default three graphs
 * at the default 2 s per measurement took minutes with nothing up front to tell a user whether to wait. The model
 * counts what the bench does per graph: 16 measurements of {@code --seconds} each (CSR SpMV and, per layout, SpMV and
 * SpMM, each warmed up as long again, and BFS), 60 STREAM copies alternating with the four SpMV measurements, the
 * graph's reading and five layouts' builds, and SpMM's least number of calls. Its
 * figures come from this shared 2-core VM (2026-11, 0.25 s a measurement: the web graph, 3.05 M lines, read in 7.8 s,
 * its layouts built in 0.9–3.8 s each, 35 s in all; NY road 30 s; one 1 GiB copy 0.2 s).
 *
 * @param setupSeconds the copy-bandwidth measurement before the first graph
 * @param graphSeconds each graph's estimate, in run order
 */
record BenchEstimate(double setupSeconds, List<Double> graphSeconds) {
  /** Measurements of {@code --seconds} per graph: 8 timed kernels, each after a warm-up as long. */
  static final int MEASUREMENTS_PER_GRAPH = 16;
  /** Copies per graph: {@link CopyPairedTiming#ROUNDS} rounds of {@link CopyPairedTiming#COPIES_PER_ROUND} for 4. */
  static final int COPIES_PER_GRAPH = 4 * CopyPairedTiming.ROUNDS * CopyPairedTiming.COPIES_PER_ROUND;
  /**
   * A graph's fixed cost (JIT of the reader and builders, the layout advisor), per line read, per arc for the five
   * layouts' builds, and per arc or vertex for the at least 69 SpMM calls of k = 32 (23 per layout, warm-up included;
   * 45 ms a call on the web graph, 80 ms on NY road, whose 264,346 vertices make long vectors).
   */
  static final double SECONDS_PER_GRAPH = 1.0;
  static final double SECONDS_PER_LINE = 2.5e-6;
  static final double SECONDS_PER_ARC = 2.5e-6;
  static final double SPMM_SECONDS_PER_ELEMENT = 3e-6;

  /**
   * The estimate for graphs of {@code sizes}, at {@code seconds} per measurement, on a machine where one STREAM copy
   * takes {@code copySeconds}. GraphBLAS is not counted: its BFS
   * runs level by level from Python, at least four times, and took over 2 minutes on NY road here, which its size
   * does not foretell.
   */
  static BenchEstimate of(List<BenchGraphs.Size> sizes, double seconds, double copySeconds) {
    // Timing.median: a warm-up of at least 20 copies and the seconds, then at least 3 copies and the seconds
    double setup = Math.max(seconds, 20 * copySeconds) + Math.max(seconds, 3 * copySeconds);
    List<Double> graphs = sizes.stream().map(g -> SECONDS_PER_GRAPH + g.lines() * SECONDS_PER_LINE
        + g.arcs() * SECONDS_PER_ARC + (g.arcs() + g.vertices()) * SPMM_SECONDS_PER_ELEMENT
        + MEASUREMENTS_PER_GRAPH * seconds + COPIES_PER_GRAPH * copySeconds).toList();
    return new BenchEstimate(setup, graphs);
  }

  /** The whole run's estimate in seconds. */
  double totalSeconds() {
    return setupSeconds + graphSeconds.stream().mapToDouble(Double::doubleValue).sum();
  }

  /** The estimate of the graphs from the {@code index}-th (0-based) on: what is left when it starts. */
  double secondsFrom(int index) {
    return graphSeconds.subList(index, graphSeconds.size()).stream().mapToDouble(Double::doubleValue).sum();
  }

  /** The line printed before the run. */
  String describe(double seconds, boolean graphblas) {
    return String.format("Estimated time: about %s (copy bandwidth %s, then %d graph%s at %s each: %d measurements of"
        + " %s, %d copies of the STREAM arrays, reading and 5 layout builds%s)", Units.duration(totalSeconds()),
        Units.duration(setupSeconds), graphSeconds.size(), graphSeconds.size() == 1 ? "" : "s",
        range(), MEASUREMENTS_PER_GRAPH, Units.duration(seconds), COPIES_PER_GRAPH,
        graphblas ? "; GraphBLAS, when installed, comes on top: its BFS runs level by level from Python, minutes on"
            + " a deep graph such as NY road" : "");
  }

  private String range() {
    double lo = graphSeconds.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double hi = graphSeconds.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    String a = Units.duration(lo);
    String b = Units.duration(hi);
    return a.equals(b) ? "about " + a : a + " to " + b;
  }
}

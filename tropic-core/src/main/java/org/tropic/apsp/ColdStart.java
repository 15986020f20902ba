package org.tropic.apsp;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What an algorithm's first solve in a JVM costs beyond its steady-state time, which the {@link Planner} adds to
 * that algorithm's estimate until a solve of it has run ({@link Apsp#run} says so). In a fresh JVM the code runs
 * interpreted until the JIT compiles it, classes load and threads start: the Vector API kernels run about 1000×
 * slower interpreted, so a Floyd–Warshall solve of 77 vertices, 0.3 ms once compiled, took 0.26–0.72 s as the
 * first and only solve of {@code tropic apsp}, while the plan said 0 s, "instant".
 *
 * <p>Floyd–Warshall and partitioned APSP have two figures each: one for a problem of at most {@value #ONE_TILE}
 * vertices (the graph for fw, its largest component for partitioned), one for larger ones. The planner's
 * calibration compiles the multiply and closure kernels, but not the tile schedule, the packing and the sparse
 * panels a larger solve runs on, and those run interpreted until C2 compiles them: partitioned APSP on the power
 * grid (4941 vertices, 32 parts of ~155) took 0.68 s in a fresh {@code tropic apsp} and 0.13–0.18 s warm, while
 * the single figure, measured on lesmis (parts of ~38 vertices), added 0.068 s. The two sizes are warmed apart:
 * after lesmis had run partitioned in the same JVM, the power grid's first partitioned solve was still 10× its
 * warm time.
 *
 * <p>The small figures are the medians {@code scripts/measure-cold-start} printed on the 2-core development VM
 * (three fresh {@code tropic apsp ../shared/data/graphs/lesmis.edges.gz --algorithm A --json} runs per algorithm,
 * whose steady-state solves take milliseconds, so {@code solve_seconds} is almost all start-up) at a load average
 * of about 1.8: dijkstra 0.015 s, batched 0.035 s, partitioned 0.068 s (its kernels already compiled by the
 * planner's calibration); fw 0.25 s on the Vector API kernels, and since one tile runs on the scalar ones
 * ({@link Apsp#floydWarshallKernels}) 0.052, 0.054 and 0.066 s at a load of 3.7, hence {@value #FW_ONE_TILE} s.
 * The larger figures are the medians of a fresh solve's CPU time over its two threads less a warm one's
 * ({@code COLD=true scripts/planner-accuracy}; CPU time, as the VM's load swung wall times 2–3×): fw 0.25–1.3 s
 * over five fresh solves of the power grid and cryg2500, median 0.475; partitioned 0.36–0.9 s over seven of the
 * power grid, cryg2500 and bcspwr10, median 0.7, with the session before's 0.68 − 0.15 s wall on the power grid at
 * a quiet moment, hence 0.6. A machine's figures, not a law: rerun the scripts on another one.
 */
public final class ColdStart {
  /** This JVM's record, the one {@link Apsp#run} updates and the planner reads by default. */
  public static final ColdStart JVM = new ColdStart();
  /** The largest problem, in vertices, that one tile holds and the small figures apply to. */
  public static final int ONE_TILE = 128;
  static final double FW_ONE_TILE = 0.05;
  static final double FW_TILED = 0.45;
  static final double PARTITIONED_SMALL_PARTS = 0.068;
  static final double PARTITIONED_TILED = 0.6;

  private final Set<String> warm = ConcurrentHashMap.newKeySet();

  /** A record in which no algorithm has run yet (tests plan against one of their own). */
  ColdStart() {}

  /** The start-up to add to {@code algorithm}'s estimate on a problem of at most {@value #ONE_TILE} vertices. */
  public double seconds(Algorithm algorithm) {
    return seconds(algorithm, ONE_TILE);
  }

  /**
   * The start-up to add to {@code algorithm}'s estimate: 0 once a solve of it on a problem of this size class has
   * run here.
   *
   * @param size the vertices of the largest problem solved in tiles: n for fw, the largest component for
   *     partitioned ({@link #tiledSize}); ignored by dijkstra and batched
   */
  public double seconds(Algorithm algorithm, int size) {
    return warm.contains(key(algorithm, size)) ? 0 : firstSolveSeconds(algorithm, size);
  }

  /** Notes that a solve of {@code algorithm} on a problem of at most {@value #ONE_TILE} vertices has run. */
  public void ran(Algorithm algorithm) {
    ran(algorithm, ONE_TILE);
  }

  /** Notes that a solve of {@code algorithm} has run on a problem of {@code size}, so its code is compiled. */
  public void ran(Algorithm algorithm, int size) {
    warm.add(key(algorithm, size));
  }

  /** The size {@link #seconds(Algorithm, int)} takes: the largest component of a partition, else n. */
  static int tiledSize(int n, PartitionedApsp.Prepared partitioned) {
    return partitioned == null ? n : partitioned.report().largestComponent();
  }

  /** The measured start-up of a first solve on a small problem; see the class comment. */
  static double firstSolveSeconds(Algorithm algorithm) {
    return firstSolveSeconds(algorithm, ONE_TILE);
  }

  /** The measured start-up of a first solve on a problem of {@code size}; see the class comment. */
  static double firstSolveSeconds(Algorithm algorithm, int size) {
    boolean tiled = size > ONE_TILE;
    return switch (algorithm) {
      case FW -> tiled ? FW_TILED : FW_ONE_TILE;
      case DIJKSTRA -> 0.015;
      case BATCHED -> 0.035;
      case PARTITIONED -> tiled ? PARTITIONED_TILED : PARTITIONED_SMALL_PARTS;
      case AUTO -> throw new IllegalArgumentException("auto has no start-up of its own: plan it first");
    };
  }

  private static String key(Algorithm algorithm, int size) {
    boolean sized = algorithm == Algorithm.FW || algorithm == Algorithm.PARTITIONED;
    return algorithm.name() + (sized && size > ONE_TILE ? "/tiled" : "");
  }
}

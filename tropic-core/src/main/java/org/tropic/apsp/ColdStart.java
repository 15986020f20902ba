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
 * <p>The constants are the medians {@code scripts/measure-cold-start} printed on the 2-core development VM (three
 * fresh {@code tropic apsp ../shared/data/graphs/lesmis.edges.gz --algorithm A --json} runs per algorithm, whose
 * steady-state solves take milliseconds, so {@code solve_seconds} is almost all start-up) at a load average of
 * about 1.8: fw 0.25 s (0.22, 0.25, 0.25), dijkstra 0.015 s, batched 0.035 s, partitioned 0.068 s (its kernels
 * already compiled by the planner's calibration). At a load of 4 they read about twice that (0.51, 0.033, 0.047,
 * 0.11 s): the JIT's threads share the cores. A machine's figures, not a law: rerun the script on another one.
 */
public final class ColdStart {
  /** This JVM's record, the one {@link Apsp#run} updates and the planner reads by default. */
  public static final ColdStart JVM = new ColdStart();

  private final Set<Algorithm> warm = ConcurrentHashMap.newKeySet();

  /** A record in which no algorithm has run yet (tests plan against one of their own). */
  ColdStart() {}

  /** The start-up to add to {@code algorithm}'s estimate: 0 once a solve of it has run here. */
  public double seconds(Algorithm algorithm) {
    return warm.contains(algorithm) ? 0 : firstSolveSeconds(algorithm);
  }

  /** Notes that a solve of {@code algorithm} has run, so its code is compiled and its classes loaded. */
  public void ran(Algorithm algorithm) {
    warm.add(algorithm);
  }

  /** The measured start-up of a first solve; see the class comment for where the figures come from. */
  static double firstSolveSeconds(Algorithm algorithm) {
    return switch (algorithm) {
      case FW -> 0.25;
      case DIJKSTRA -> 0.015;
      case BATCHED -> 0.035;
      case PARTITIONED -> 0.068;
      case AUTO -> throw new IllegalArgumentException("auto has no start-up of its own: plan it first");
    };
  }
}

package org.tropic.bench;

import org.tropic.semiring.Arithmetic;

/**
 * One end-to-end all-pairs measurement by {@link FloydWarshallBench}.
 *
 * @param graph the graph's name
 * @param n vertices
 * @param arcs arcs
 * @param solver the solver's name
 * @param arithmetic the arithmetic path it ran
 * @param threads threads it ran on
 * @param seconds wall time of whole solves (graph in, distances out)
 * @param gflops 2n³ flops over those times
 * @param kernelGflops the kernel's median rate for the same path and threads measured in this run, NaN if not
 * @param fractionOfKernel median end-to-end rate over the kernel rate (NaN if no kernel rate)
 * @param memory memory of one solve, or null if not measured
 * @param check comparison of sampled rows with JGraphT's Dijkstra, or null when skipped ({@code checkNote} says why)
 * @param checkNote why the check was skipped, or empty
 */
public record FwResult(String graph, int n, long arcs, String solver, Arithmetic arithmetic, int threads,
    Timing seconds, Timing gflops, double kernelGflops, double fractionOfKernel, MemoryUse memory,
    Agreement check, String checkNote) {

  /** Floyd–Warshall's flop count at n: n³ updates of 2 flops. */
  public static double flops(int n) {
    return MinPlusPeak.flops(n, n, n);
  }
}

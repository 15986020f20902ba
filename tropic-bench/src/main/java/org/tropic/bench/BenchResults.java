package org.tropic.bench;

import java.util.List;

/**
 * Everything one benchmark run measured, in the order the report prints it.
 *
 * @param environment machine, JVM, kernels and solver
 * @param clocks the clock per thread count
 * @param peaks the min-plus peak per thread count, from those clocks
 * @param kernels kernel rates per arithmetic path and thread count
 * @param floydWarshall end-to-end solves (the FW part, and Tropic's runs on the peers' graphs)
 * @param peers peer comparisons
 * @param targets the project's targets against these numbers
 * @param notes anything the reader must know (skipped parts, suspect clock, ...)
 */
public record BenchResults(BenchEnvironment environment, List<ClockMeasurement> clocks, List<MinPlusPeak> peaks,
    List<KernelResult> kernels, List<FwResult> floydWarshall, List<PeerResult> peers, List<TargetCheck> targets,
    List<String> notes) {

  public BenchResults {
    clocks = List.copyOf(clocks);
    peaks = List.copyOf(peaks);
    kernels = List.copyOf(kernels);
    floydWarshall = List.copyOf(floydWarshall);
    peers = List.copyOf(peers);
    targets = List.copyOf(targets);
    notes = List.copyOf(notes);
  }
}

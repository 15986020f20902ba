package org.tropic.apsp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.Sidecar;

/**
 * The predecessors of a result found as it is stored ({@link DistanceStore#writeFindingPredecessors}): streamed
 * {@link PredecessorRows} of the distances as written, so neither command that stores them holds n² of them, and
 * the time they took recorded in the sidecar's timings as {@code predecessors}.
 */
public final class PredecessorsWhenStored implements DistanceStore.PredecessorsOf {
  private final Graph graph;
  private final int threads;
  private PredecessorRows rows;

  /** For the distances of {@code graph}, found on {@code threads} threads. */
  public PredecessorsWhenStored(Graph graph, int threads) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.threads = ParallelRows.checkThreads(threads);
  }

  @Override
  public DistanceStore.IntRowSource of(DistanceMatrix written) {
    rows = new PredecessorRows(graph, written, threads);
    return rows;
  }

  @Override
  public Sidecar completed(Sidecar sidecar) {
    Map<String, Double> timings = sidecar.timings() == null ? new LinkedHashMap<>()
        : new LinkedHashMap<>(sidecar.timings());
    timings.put("predecessors", seconds());
    return sidecar.withTimings(timings);
  }

  /** Seconds spent finding the predecessors (0 before the write has asked for them). */
  public double seconds() {
    return rows == null ? 0 : rows.seconds();
  }
}

package org.tropic.partition;

import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * Partitions a graph with METIS k-way on its symmetrised structure ({@link SymmetricAdjacency}), with a fixed seed so
 * that runs are reproducible. Directed graphs are symmetrised for partitioning only: a boundary vertex is one with an
 * arc to or from another part, whichever the direction. Degenerate inputs never reach METIS: one part (or one
 * vertex) is returned as is, and a graph without edges is cut into contiguous runs of ids (nothing can be cut).
 */
public final class MetisPartitioner implements GraphPartitioner {
  /** The seed used unless another is given; any fixed value makes runs repeatable. */
  public static final int DEFAULT_SEED = 2014;

  private final Metis metis;
  private final int seed;

  public MetisPartitioner(Metis metis, int seed) {
    this.metis = Objects.requireNonNull(metis, "metis");
    this.seed = seed;
  }

  /**
   * A partitioner on the system's METIS with the default seed.
   *
   * @throws MetisUnavailableException if {@code libmetis.so.5} cannot be loaded
   */
  public static MetisPartitioner require() {
    return new MetisPartitioner(MetisLibrary.require(), DEFAULT_SEED);
  }

  @Override
  public Partition partition(Graph graph, int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be ≥ 1, got " + parts);
    }
    int n = graph.vertexCount();
    int k = Math.min(parts, n);
    if (k <= 1) {
      return Partition.single(n);
    }
    SymmetricAdjacency adjacency = SymmetricAdjacency.of(graph);
    if (adjacency.edgeCount() == 0) {
      int[] partOf = new int[n];
      for (int v = 0; v < n; v++) {
        partOf[v] = (int) ((long) v * k / n);
      }
      return new Partition(k, partOf);
    }
    return new Partition(k, metis.partGraphKway(adjacency, k, seed).partOf());
  }
}

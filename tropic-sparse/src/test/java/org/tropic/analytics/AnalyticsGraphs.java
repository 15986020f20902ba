package org.tropic.analytics;

import java.util.List;
import org.tropic.graph.Graph;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.ElementOrder;
import org.tropic.sparse.SparseKernels;
import org.tropic.sparse.VertexOrder;

/** The matrix layouts every analytic is checked under: answers must not depend on them. */
final class AnalyticsGraphs {
  private AnalyticsGraphs() {}

  static final SparseKernels KERNELS = SparseKernels.create(3);

  /** Row order in one block; cache order in small blocks; RCM with cache order in small blocks. */
  static List<SparseGraph> layouts(Graph g) {
    BlockCooOptions base = BlockCooOptions.defaults();
    BlockCooOptions cache = base.withElementOrder(ElementOrder.CACHE);
    return List.of(
        SparseGraph.of(g, base.withElementOrder(ElementOrder.ROW).withBlockSize(65_536), SparseKernels.sequential()),
        SparseGraph.of(g, cache.withBlockSize(13), KERNELS),
        SparseGraph.of(g, cache.withBlockSize(29).withVertexOrder(VertexOrder.RCM), KERNELS));
  }
}

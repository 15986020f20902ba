package org.tropic.bench;

import java.util.Optional;
import org.tropic.apsp.BlockSizeModel;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * What the end-to-end benchmarks time: a Tropic all-pairs solve of a whole graph. Normally
 * {@link #blockedFloydWarshall}; tests substitute a plain reference solver so the benchmark logic can be checked
 * without depending on the speed or presence of the blocked one.
 */
public interface ApspSolver {

  /** A short name for reports. */
  String name();

  /** The name with what was chosen for this graph, e.g. the tile size the model picked; {@link #name()} by default. */
  default String describe(Graph graph, Arithmetic arithmetic, int threads) {
    return name();
  }

  /** The distances of all pairs of {@code graph}, solved with the given arithmetic path on {@code threads} threads. */
  DistanceMatrix solve(Graph graph, Arithmetic arithmetic, int threads);

  /**
   * The same solver with symmetry off, when this one solves {@code graph} on the upper triangle of tiles, so that a
   * benchmark can time both in one run; empty otherwise.
   */
  default Optional<ApspSolver> everyTileTwin(Graph graph, Arithmetic arithmetic, int threads) {
    return Optional.empty();
  }

  /**
   * Tropic's blocked Floyd–Warshall on the given kernels; with {@code symmetry}, symmetric graphs are solved on the
   * upper triangle of tiles, and their description says so.
   */
  static ApspSolver blockedFloydWarshall(MinPlusKernels kernels, int blockSize, boolean lookahead, boolean symmetry) {
    return new ApspSolver() {
      @Override
      public String name() {
        return "blocked-fw/" + kernels.name() + "/b" + (blockSize == 0 ? "=model" : blockSize)
            + (lookahead ? "/lookahead" : "");
      }

      @Override
      public String describe(Graph graph, Arithmetic arithmetic, int threads) {
        boolean upper = solver(arithmetic, threads).usesSymmetry(graph);
        String tile = blockSize != 0 ? "/b" + blockSize : "/b=" + BlockSizeModel.forMachine(kernels)
            .choose(graph.vertexCount(), threads, arithmetic, upper) + " (model)";
        return "blocked-fw/" + kernels.name() + tile + (lookahead ? "/lookahead" : "")
            + (upper ? "/upper-triangle" : "");
      }

      @Override
      public DistanceMatrix solve(Graph graph, Arithmetic arithmetic, int threads) {
        return solver(arithmetic, threads).solve(graph, Progress.NONE);
      }

      @Override
      public Optional<ApspSolver> everyTileTwin(Graph graph, Arithmetic arithmetic, int threads) {
        return solver(arithmetic, threads).usesSymmetry(graph)
            ? Optional.of(blockedFloydWarshall(kernels, blockSize, lookahead, false)) : Optional.empty();
      }

      private BlockedFloydWarshall solver(Arithmetic arithmetic, int threads) {
        return new BlockedFloydWarshall(kernels,
            new FloydWarshallOptions(blockSize, threads, arithmetic, lookahead, symmetry));
      }
    };
  }
}

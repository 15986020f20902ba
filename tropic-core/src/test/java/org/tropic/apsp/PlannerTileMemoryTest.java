package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/**
 * Floyd–Warshall's memory is checked for the tile size it runs with. The check used to assume b = 256 and the
 * calibrated choice came after it unchecked: a 256 tile takes 1.33× its bytes in G1's 1 MiB regions and a 192 tile
 * 1.02×, so a solve that fit in 192 tiles was refused, and a machine whose L2 lets the model pick 384 or 512 (1.8–2×,
 * humongous) could start a solve that the check of 256 had passed and run out of heap.
 */
class PlannerTileMemoryTest {
  private static final Planner PLANNER = new Planner(MinPlusKernels.best(), new ColdStart());

  /** A directed path: no symmetry, so the whole matrix is tiled. */
  private static Graph path(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v + 1 < n; v++) {
      builder.addArc(v, v + 1, 1f);
    }
    return builder.build();
  }

  /** The least heap Floyd–Warshall of n vertices takes in any tile size the model may pick on this machine. */
  private static long leanestBytes(int n) {
    return Arrays.stream(BlockSizeModel.usableCandidates()).mapToLong(b -> Planner.floydWarshallBytes(n, b, false))
        .min().orElseThrow();
  }

  private static ApspRequest fwWithin(long budget) {
    return new ApspRequest(Algorithm.FW, FloydWarshallOptions.defaults(), 0, budget, Device.CPU);
  }

  /** n = 6,833 (rajat01's) where 256 tiles do not fit and a leaner size does: planned, not refused. */
  @Test
  void aSolveThatFitsInSmallerTilesIsNotRefused() {
    int n = 6833;
    long in256 = Planner.floydWarshallBytes(n, 256, false);
    long leanest = leanestBytes(n);
    assumeThat(leanest).as("some tile size leaner than 256 in this heap's regions").isLessThan(in256);
    long budget = (leanest + in256) / 2;

    ApspPlan plan = PLANNER.plan(path(n), fwWithin(budget));

    assertThat(plan.blockSize()).isNotEqualTo(256);
    assertThat(plan.estimatedBytes()).isEqualTo(Planner.floydWarshallBytes(n, plan.blockSize(), false))
        .isLessThanOrEqualTo(budget);
  }

  /** Below the leanest tiling nothing fits, and the refusal counts that tiling's bytes. */
  @Test
  void belowTheLeanestTilingItIsRefused() {
    int n = 6833;
    long leanest = leanestBytes(n);
    assertThatThrownBy(() -> PLANNER.plan(path(n), fwWithin(leanest - 1)))
        .isInstanceOf(MemoryBudgetException.class).hasMessageContaining(String.format("%,d bytes", leanest - 1));
  }

  /**
   * A tile size given by the caller that does not fit is refused, naming the largest size that would after the
   * figures, as the first way out: put before "needs", it read "APSP of n = … (…); tiles of 64 would fit (… bytes)
   * needs 408.0 MiB".
   */
  @Test
  void aGivenTileSizeThatDoesNotFitNamesOneThatWould() {
    int n = 6833;
    long in256 = Planner.floydWarshallBytes(n, 256, false);
    long in128 = Planner.floydWarshallBytes(n, 128, false);
    assumeThat(in128).isLessThan(in256);
    ApspRequest given = fwWithin(in256 - 1).withFloydWarshall(FloydWarshallOptions.defaults().withBlockSize(256));
    assertThatThrownBy(() -> PLANNER.plan(path(n), given)).isInstanceOf(MemoryBudgetException.class)
        .hasMessageMatching("APSP of n = 6,833 \\(.*\\) needs .* is available; tiles of \\d+ would fit"
            + " \\([\\d,]+ bytes\\); or (run with |a larger heap \\()TROPIC_JAVA_OPTS=-Xmx\\d+[mg].*");
  }

  /**
   * Over many (n, heap) pairs: a Floyd–Warshall plan's tiles and panels fit the heap it was given, and it is refused
   * only where no tile size the model may pick fits.
   */
  @Property(tries = 60)
  void theChosenTilingFitsAndARefusalMeansNoneWould(@ForAll @IntRange(min = 129, max = 12_000) int n,
      @ForAll @DoubleRange(min = 0.4, max = 2.5) double heapOverDenseBytes) {
    long budget = (long) (heapOverDenseBytes * n * n * Float.BYTES);
    long leanest = leanestBytes(n);
    ApspPlan plan;
    try {
      plan = PLANNER.plan(path(n), fwWithin(budget));
    } catch (MemoryBudgetException e) {
      assertThat(leanest).as("refused though a tile size fits").isGreaterThan(budget);
      return;
    }
    assertThat(Planner.floydWarshallBytes(n, plan.blockSize(), false)).isEqualTo(plan.estimatedBytes())
        .isLessThanOrEqualTo(budget);
  }
}

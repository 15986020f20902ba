package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

class PartitionedCostModelTest {

  /**
   * One part (--parts 1), or parts METIS cut apart with no arc between them, leave no boundary vertex: step 2 has
   * nothing to solve. On a symmetric graph its Floyd–Warshall estimate was 0 × ∞ = NaN (the upper triangle's share
   * of zero tiles), so the plan printed "estimated -" and the JSON a null estimated_seconds.
   */
  @Test
  void noBoundaryVerticesCostNothingInStepTwo() {
    for (boolean symmetric : new boolean[] {true, false}) {
      PartitionedCostModel.Estimate e = PartitionedCostModel.estimate(new int[] {4941}, new int[] {0}, 2,
          Arithmetic.INT32, MinPlusKernels.best(), symmetric);

      assertThat(e.boundary()).as("symmetric=%s", symmetric).isZero();
      assertThat(e.components()).isFinite().isPositive();
      assertThat(e.total()).isFinite().isPositive();
    }
  }
}

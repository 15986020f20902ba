package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** {@link BlockSizeModel#speedup(int, int, double)} on machines other than this one. */
class ThreadSpeedupTest {

  @Property
  void moreThreadsNeverPredictLessSpeedup(@ForAll @IntRange(min = 1, max = 256) int cores,
      @ForAll @DoubleRange(min = 0, max = 1) double share) {
    double efficiency = 1.0 / cores + share * (1 - 1.0 / cores); // at least 1/cores, as measured ones are kept
    double previous = 0;
    for (int t = 1; t <= cores + 2; t++) {
      double s = BlockSizeModel.speedup(t, cores, efficiency);
      assertThat(s).as("%d of %d cores at %.3f", t, cores, efficiency).isGreaterThanOrEqualTo(previous);
      previous = s;
    }
    assertThat(BlockSizeModel.speedup(1, cores, efficiency)).isEqualTo(1);
    assertThat(BlockSizeModel.speedup(cores, cores, efficiency)).isCloseTo(cores * efficiency, within(1e-9));
  }

  @Example
  void aLowAllCoreEfficiencyStillLetsThreeThreadsTrailFour() {
    assertThat(BlockSizeModel.speedup(3, 4, 0.25)).isLessThanOrEqualTo(BlockSizeModel.speedup(4, 4, 0.25));
  }
}

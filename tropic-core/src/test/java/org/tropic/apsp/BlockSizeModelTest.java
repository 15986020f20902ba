package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

class BlockSizeModelTest {
  private final BlockSizeModel model = BlockSizeModel.forMachine(MinPlusKernels.best());
  private final int cores = Runtime.getRuntime().availableProcessors();

  @Test
  void speedupIsOneForOneThreadAndAtMostTheThreadCount() {
    assertThat(model.speedup(Arithmetic.INT32, 1)).isEqualTo(1.0);
    for (int t = 1; t <= cores; t++) {
      assertThat(model.speedup(Arithmetic.INT32, t)).as("%d threads", t).isBetween(1.0, (double) t);
    }
  }

  @Test
  void speedupGrowsWithThreadsUpToTheCoresAndNoFurther() {
    double previous = 0;
    for (int t = 1; t <= cores; t++) {
      double s = model.speedup(Arithmetic.NONNEGATIVE_FLOAT, t);
      assertThat(s).as("%d threads", t).isGreaterThanOrEqualTo(previous);
      previous = s;
    }
    assertThat(model.speedup(Arithmetic.NONNEGATIVE_FLOAT, 4 * cores)).isEqualTo(previous);
  }

  @Test
  void morePredictedThreadsNeverPredictMoreTime() {
    double one = model.predictSeconds(2048, 1, Arithmetic.INT32, 256);
    double all = model.predictSeconds(2048, cores, Arithmetic.INT32, 256);
    assertThat(all).isLessThanOrEqualTo(one);
    assertThat(model.predictSeconds(2048, 8 * cores, Arithmetic.INT32, 256)).isEqualTo(all);
  }
}

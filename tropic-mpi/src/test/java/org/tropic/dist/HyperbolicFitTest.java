package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class HyperbolicFitTest {

  @Property(tries = 50)
  void recoversTheCurveFromExactObservations(@ForAll @DoubleRange(min = 1, max = 1e13) double a,
      @ForAll @DoubleRange(min = 0.5, max = 5000) double d) {
    double[] eta = {1, 4, 16, 64, 256, 1024, 4096, 16384};
    double[] y = new double[eta.length];
    for (int i = 0; i < eta.length; i++) {
      y[i] = a * eta[i] / (eta[i] + d);
    }
    HyperbolicFit fit = HyperbolicFit.fit(eta, y);
    assertThat(fit.a()).isCloseTo(a, within(a * 1e-4));
    assertThat(fit.d()).isCloseTo(d, within(d * 1e-3));
    assertThat(fit.objective(eta, y)).isLessThan(1e-10);
  }

  @Test
  void theLogRatioObjectiveBeatsTheStartingHeuristicOnNoisyData() {
    Random random = new Random(3);
    double[] eta = {8, 1024, 16384, 131072, 1 << 20, 4 << 20};
    double[] y = new double[eta.length];
    for (int i = 0; i < eta.length; i++) {
      y[i] = 5e9 * eta[i] / (eta[i] + 40_000) * (1 + 0.1 * (random.nextDouble() - 0.5));
    }
    HyperbolicFit fit = HyperbolicFit.fit(eta, y);
    double maxY = 0;
    int half = 0;
    for (int i = 0; i < y.length; i++) {
      maxY = Math.max(maxY, y[i]);
    }
    for (int i = 0; i < y.length; i++) {
      if (Math.abs(y[i] - maxY / 2) < Math.abs(y[half] - maxY / 2)) {
        half = i;
      }
    }
    HyperbolicFit heuristic = new HyperbolicFit(maxY, eta[half]); // COAST eqs. 8–9
    assertThat(fit.objective(eta, y)).isLessThanOrEqualTo(heuristic.objective(eta, y));
    assertThat(fit.a()).isBetween(3.5e9, 6.5e9);
    assertThat(fit.d()).isBetween(20_000.0, 80_000.0);
  }

  @Test
  void refusesNonsense() {
    assertThatThrownBy(() -> HyperbolicFit.fit(new double[] {1}, new double[] {1})).hasMessageContaining("two");
    assertThatThrownBy(() -> HyperbolicFit.fit(new double[] {1, 2}, new double[] {1, -1}))
        .hasMessageContaining("positive");
    assertThatThrownBy(() -> new HyperbolicFit(0, 1)).hasMessageContaining("a > 0");
  }
}

package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScipyOutputTest {
  private static final SamplePairs PAIRS = new SamplePairs(new int[] {0, 3, 2}, new int[] {0, 1, 4});

  @Test
  void parsesVersionSecondsAndSamplesIncludingInfinity() {
    ScipyOutput out = ScipyOutput.parse("""
        scipy 1.17.1
        seconds 12.5
        sample 0 0 0.0
        sample 3 1 inf
        sample 2 4 7.25
        """, PAIRS);
    assertThat(out.version()).isEqualTo("1.17.1");
    assertThat(out.seconds()).isEqualTo(12.5);
    assertThat(out.distances()).containsExactly(0.0, Double.POSITIVE_INFINITY, 7.25);
  }

  @Test
  void toleratesWindowsLineEndsAndBlankLines() {
    ScipyOutput out = ScipyOutput.parse("scipy 1.10\r\n\r\nseconds 1e-3\r\nsample 0 0 0.0\r\nsample 3 1 2.0\r\n"
        + "sample 2 4 -1.5\r\n", PAIRS);
    assertThat(out.seconds()).isEqualTo(1e-3);
    assertThat(out.distances()).containsExactly(0.0, 2.0, -1.5);
  }

  @Test
  void namesTheLineThatIsWrong() {
    assertThatThrownBy(() -> ScipyOutput.parse("scipy 1.17\nseconds soon\n", PAIRS))
        .hasMessageContaining("line 2").hasMessageContaining("'soon' is not a number");
    assertThatThrownBy(() -> ScipyOutput.parse("scipy 1.17\nseconds 1\nsample 0 0 0\nsample 1 3 2\n", PAIRS))
        .hasMessageContaining("line 4").hasMessageContaining("expected sample 1 to be (3, 1)");
    assertThatThrownBy(() -> ScipyOutput.parse("Traceback (most recent call last):\n", PAIRS))
        .hasMessageContaining("line 1").hasMessageContaining("unexpected line");
  }

  @Test
  void requiresEveryPartOfTheOutput() {
    assertThatThrownBy(() -> ScipyOutput.parse("scipy 1.17\nsample 0 0 0\n", PAIRS))
        .hasMessageContaining("'seconds'");
    assertThatThrownBy(() -> ScipyOutput.parse("scipy 1.17\nseconds 2\nsample 0 0 0\n", PAIRS))
        .hasMessageContaining("1 samples, expected 3");
    assertThatThrownBy(() -> ScipyOutput.parse("scipy 1.17\nseconds -2\n", PAIRS))
        .hasMessageContaining("non-negative");
  }
}

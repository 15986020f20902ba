package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SummaryTest {

  @Test
  void lengthsReadAsPeopleWriteThem() {
    assertThat(Summary.formatLength(3f)).isEqualTo("3");
    assertThat(Summary.formatLength(-0.5f)).isEqualTo("-0.5");
    assertThat(Summary.formatLength(1.5f)).isEqualTo("1.5");
    assertThat(Summary.formatLength(3.14f)).isEqualTo("3.14");
    assertThat(Summary.formatLength(0.1f + 0.2f)).isEqualTo("0.3"); // the float nearest 0.3, named by 0.3
    assertThat(Summary.formatLength(2.5e-6f)).isEqualTo("2.5E-6");
    assertThat(Summary.formatLength(1e8f)).isEqualTo("1.0E8");
    assertThat(Summary.formatLength(1.5e12f)).isEqualTo("1.5E12");
    assertThat(Summary.formatLength(Float.POSITIVE_INFINITY)).isEqualTo("∞");
  }
}

package org.tropic.cli.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandSupportTest {
  @ParameterizedTest
  @CsvSource({
      "0.85, 0.85",
      "1.0, 1",
      "100, 100",
      "9644, 9644",
      "0, 0",
      "-2.5, -2.5",
      "0.0743417, 0.0743417",
      "4.76837e-7, 4.76837e-07",
      "1.5e-7, 1.5e-07",
      "2e20, 2e+20",
  })
  void shortFormatDropsThePaddingZerosOnly(double value, String expected) {
    assertThat(CommandSupport.formatShort(value)).isEqualTo(expected);
  }
}

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class TimeSpanConverterTest {
  private final TimeSpanConverter converter = new TimeSpanConverter();

  @Test
  void readsSecondsMinutesAndHoursWithFractions() {
    assertThat(converter.convert("90s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(converter.convert("15m")).isEqualTo(Duration.ofMinutes(15));
    assertThat(converter.convert("1.5h")).isEqualTo(Duration.ofMinutes(90));
    assertThat(converter.convert(" 2H ")).isEqualTo(Duration.ofHours(2));
    assertThat(converter.convert("30")).isEqualTo(Duration.ofSeconds(30));
    assertThat(converter.convert("0.25s")).isEqualTo(Duration.ofMillis(250));
  }

  @Test
  void refusesWhatIsNotATimeSpan() {
    for (String bad : new String[] {"soon", "-5m", "5 minutes", "", "1e3s", "10d"}) {
      assertThatThrownBy(() -> converter.convert(bad)).as(bad).isInstanceOf(TypeConversionException.class)
          .hasMessageContaining("expected e.g. 90s, 15m or 2h");
    }
    assertThatThrownBy(() -> converter.convert("99999999999999h")).isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("too long");
  }
}

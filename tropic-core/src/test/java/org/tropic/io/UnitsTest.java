package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class UnitsTest {
  @Test
  void durationsTakeTheUnitThatReadsBest() {
    assertThat(Units.duration(0.4219)).isEqualTo("0.42 s");
    assertThat(Units.duration(12.34)).isEqualTo("12.3 s");
    assertThat(Units.duration(245)).isEqualTo("4 min 05 s");
    assertThat(Units.duration(Duration.ofMinutes(15))).isEqualTo("15 min 00 s");
    assertThat(Units.duration(7380)).isEqualTo("2 h 03 min");
    assertThat(Units.duration(3.5 * 86_400)).isEqualTo("3.5 days");
    assertThat(Units.duration(1.3 * 365.25 * 86_400)).isEqualTo("1.3 years");
    assertThat(Units.duration(9_999.4 * 365.25 * 86_400)).isEqualTo("9999.4 years");
    assertThat(Units.duration(502_542_361.8 * 365.25 * 86_400)).isEqualTo("5.03e+08 years");
  }

  @Test
  void bytesInBinaryUnits() {
    assertThat(Units.bytes(512)).isEqualTo("512 B");
    assertThat(Units.bytes(20_000)).isEqualTo("19.5 KiB");
    assertThat(Units.bytes(99_700_000)).isEqualTo("95.1 MiB");
    assertThat(Units.bytes(3L << 30)).isEqualTo("3.0 GiB");
    assertThat(Units.bytes(5L << 50)).isEqualTo("5.0 PiB");
  }

  @Test
  void countsAgreeWithTheirNoun() {
    assertThat(Units.count(1, "arc", "arcs")).isEqualTo("1 arc");
    assertThat(Units.count(1234, "vertex", "vertices")).isEqualTo("1,234 vertices");
  }

  /** A log reads the same on a machine whose locale writes decimal commas. */
  @Test
  void logsDoNotFollowTheLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertThat(Units.duration(0.42)).isEqualTo("0.42 s");
      assertThat(Units.bytes(20_000)).isEqualTo("19.5 KiB");
      assertThat(Units.count(1234, "arc", "arcs")).isEqualTo("1,234 arcs");
    } finally {
      Locale.setDefault(before);
    }
  }
}

package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class OptionConvertersTest {
  private final OptionConverters.ByteSize size = new OptionConverters.ByteSize();

  @Test
  void sizesAreBinaryLikeXmxUnlessWrittenInDecimalUnits() {
    assertThat(size.convert("4096")).isEqualTo(4096L);
    assertThat(size.convert("8e9")).isEqualTo(8_000_000_000L);
    assertThat(size.convert("512m")).isEqualTo(512L << 20);
    assertThat(size.convert("16g")).isEqualTo(16L << 30);
    assertThat(size.convert("16GiB")).isEqualTo(16L << 30);
    assertThat(size.convert("1.5 TiB")).isEqualTo(3L << 39);
    assertThat(size.convert("8GB")).isEqualTo(8_000_000_000L);
    assertThat(size.convert("64kB")).isEqualTo(64_000L);
    assertThat(size.convert("100b")).isEqualTo(100L);
    // units in any case, as 4gb and 4GB were: 4GIB was refused while 4gib passed
    assertThat(size.convert("4GIB")).isEqualTo(4L << 30).isEqualTo(size.convert("4gib"));
    assertThat(size.convert("2MIB")).isEqualTo(2L << 20);
  }

  @Test
  void whatIsNotASizeIsRefusedNamingTheValue() {
    for (String bad : new String[] {"12x", "", "g", "-1g", "0", "0.1", "1e30", "16 gigabytes"}) {
      assertThatThrownBy(() -> size.convert(bad)).as(bad).isInstanceOf(TypeConversionException.class)
          .hasMessageContaining("'" + bad + "'");
    }
  }
}

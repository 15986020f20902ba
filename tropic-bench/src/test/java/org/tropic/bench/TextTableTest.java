package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextTableTest {

  @Test
  void alignsTextLeftAndNumbersRight() {
    String table = new TextTable("path", ">GFLOP/s", "note")
        .row("exact-float", "110.5", "ok")
        .row("int32", "7.0", "")
        .render();
    assertThat(table).isEqualTo("""
        path         GFLOP/s  note
        -----------  -------  ----
        exact-float    110.5  ok
        int32            7.0
        """);
  }

  @Test
  void rowsMustFitTheColumns() {
    assertThatThrownBy(() -> new TextTable("a", "b").row("only one")).hasMessageContaining("1 cells for 2 columns");
  }
}

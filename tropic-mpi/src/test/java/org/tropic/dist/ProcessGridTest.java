package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcessGridTest {

  @Test
  void parsesAndPrints() {
    assertThat(ProcessGrid.parse("2x3")).isEqualTo(new ProcessGrid(2, 3));
    assertThat(ProcessGrid.parse(" 4×1 ")).isEqualTo(new ProcessGrid(4, 1));
    assertThat(ProcessGrid.parse("2X2").toString()).isEqualTo("2x2");
    assertThatThrownBy(() -> ProcessGrid.parse("2by3")).hasMessageContaining("'2by3'");
    assertThatThrownBy(() -> ProcessGrid.parse("0x3")).hasMessageContaining("at least one");
  }

  /** A grid of more processes than an int counts is refused by its sizes, not as a grid of 1×0 after wrapping. */
  @Test
  void aGridOfMoreProcessesThanAnIntCountsIsRefused() {
    assertThatThrownBy(() -> ProcessGrid.parse("65536x65536")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a process grid has at most 2147483647 processes, got 65536×65536 = 4294967296");
    assertThat(new ProcessGrid(Integer.MAX_VALUE, 1).size()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void squarestKeepsRowsAtMostColumns() {
    assertThat(ProcessGrid.squarest(1)).isEqualTo(new ProcessGrid(1, 1));
    assertThat(ProcessGrid.squarest(6)).isEqualTo(new ProcessGrid(2, 3));
    assertThat(ProcessGrid.squarest(16)).isEqualTo(new ProcessGrid(4, 4));
    assertThat(ProcessGrid.squarest(7)).isEqualTo(new ProcessGrid(1, 7));
  }

  @Test
  void tilesAreDealtBlockCyclically() {
    ProcessGrid grid = new ProcessGrid(2, 3);
    assertThat(grid.ownerOf(0, 0)).isZero();
    assertThat(grid.ownerOf(1, 2)).isEqualTo(5);
    assertThat(grid.ownerOf(2, 3)).isEqualTo(0);
    assertThat(grid.ownerOf(5, 4)).isEqualTo(grid.rankAt(1, 1));
    assertThat(grid.rowOf(4)).isEqualTo(1);
    assertThat(grid.columnOf(4)).isEqualTo(1);
  }

  @Test
  void refusesGridsThatDoNotFit() {
    assertThatThrownBy(() -> new ProcessGrid(2, 2).check(6, 10, 300, 32)).hasMessageContaining("6 ranks");
    assertThatThrownBy(() -> new ProcessGrid(1, 6).check(6, 5, 300, 64))
        .hasMessageContaining("5 tile rows").hasMessageContaining("smaller block size");
  }
}

package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

class LocalTilesTest {

  @Test
  void eachRankHoldsItsBlockCyclicTilesInitialisedFromTheArcs() {
    GraphBuilder builder = GraphBuilder.withVertexCount(10);
    builder.addArc(0, 9, 2.5f);
    builder.addArc(7, 3, -1f);
    builder.addArc(4, 4, -0.5f);
    Graph graph = builder.build();
    ProcessGrid grid = new ProcessGrid(2, 2);
    int b = 3; // 4×4 tiles, the last ragged
    for (int rank = 0; rank < 4; rank++) {
      LocalTiles tiles = LocalTiles.load(graph, b, grid, rank, Arithmetic.EXACT_FLOAT);
      assertThat(tiles.count()).isEqualTo(4);
      for (int li = 0; li < tiles.rows.length; li++) {
        for (int lj = 0; lj < tiles.columns.length; lj++) {
          int i = tiles.rows[li];
          int j = tiles.columns[lj];
          assertThat(grid.ownerOf(i, j)).isEqualTo(rank);
          float[] tile = tiles.tile(li, lj);
          for (int r = 0; r < b; r++) {
            for (int c = 0; c < b; c++) {
              int u = i * b + r;
              int v = j * b + c;
              float expected = u >= 10 || v >= 10 ? Float.POSITIVE_INFINITY
                  : u == v ? Math.min(0f, graph.weight(u, v)) : graph.weight(u, v);
              assertThat(tile[r * b + c]).as("(%d, %d) on rank %d", u, v, rank).isEqualTo(expected);
              if (u < 10 && v < 10) {
                assertThat(tiles.owns(u, v)).isTrue();
                assertThat(tiles.get(u, v)).isEqualTo(expected);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void refusesEntriesOfOtherRanks() {
    LocalTiles tiles = LocalTiles.load(GraphBuilder.withVertexCount(10).build(), 3, new ProcessGrid(2, 2), 0,
        Arithmetic.EXACT_FLOAT);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> tiles.get(3, 0))
        .hasMessageContaining("not on this rank");
    assertThat(tiles.owns(10, 0)).isFalse();
  }

  @Test
  void panelSlotsSkipThePivotTile() {
    Graph graph = GraphBuilder.withVertexCount(20).build();
    LocalTiles tiles = LocalTiles.load(graph, 2, new ProcessGrid(3, 2), 3, Arithmetic.INT32); // row 1, column 1
    assertThat(tiles.rows).containsExactly(1, 4, 7);
    assertThat(tiles.columns).containsExactly(1, 3, 5, 7, 9);
    assertThat(tiles.rowPanelTiles(3)).isEqualTo(4);
    assertThat(tiles.rowPanelTiles(4)).isEqualTo(5);
    for (int k = 0; k < 10; k++) {
      for (int lj = 0; lj < tiles.columns.length; lj++) {
        if (tiles.columns[lj] != k) {
          assertThat(tiles.rowPanelColumn(k, tiles.rowPanelSlot(k, lj))).isEqualTo(lj);
        }
      }
      for (int li = 0; li < tiles.rows.length; li++) {
        if (tiles.rows[li] != k) {
          assertThat(tiles.columnPanelRow(k, tiles.columnPanelSlot(k, li))).isEqualTo(li);
        }
      }
    }
  }
}

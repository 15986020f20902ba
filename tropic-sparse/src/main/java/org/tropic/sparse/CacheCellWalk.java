package org.tropic.sparse;

import java.util.Arrays;

/**
 * The order in which the occupied cache cells of one block are visited, after HPC-KG §2.8: start anywhere, move to
 * an unvisited neighbour cell — first one in the same cell column (it reuses the cached line of x), then one in the
 * same cell row (it reuses the line of y) — and when a cell has no unvisited neighbour, restart at the first
 * unvisited cell in row-major order. O(cells · log cells).
 */
final class CacheCellWalk {
  private CacheCellWalk() {}

  /**
   * Walk positions of cells.
   *
   * @param cells distinct cell keys {@code cellRow * cellsPerSide + cellColumn}, sorted ascending
   * @param cellsPerSide cells along one side of the block
   * @return for each index into {@code cells}, its position in the walk
   */
  static int[] positions(long[] cells, long cellsPerSide) {
    int count = cells.length;
    int[] position = new int[count];
    Arrays.fill(position, -1);
    int visited = 0;
    int scan = 0;
    while (visited < count) {
      while (position[scan] >= 0) {
        scan++;
      }
      int current = scan;
      position[current] = visited++;
      while (true) {
        int next = unvisitedNeighbour(cells, position, cells[current], cellsPerSide);
        if (next < 0) {
          break;
        }
        current = next;
        position[current] = visited++;
      }
    }
    return position;
  }

  private static int unvisitedNeighbour(long[] cells, int[] position, long cell, long side) {
    long row = cell / side;
    long column = cell % side;
    if (row + 1 < side) {
      int at = unvisited(cells, position, cell + side);
      if (at >= 0) {
        return at;
      }
    }
    if (row > 0) {
      int at = unvisited(cells, position, cell - side);
      if (at >= 0) {
        return at;
      }
    }
    if (column + 1 < side) {
      int at = unvisited(cells, position, cell + 1);
      if (at >= 0) {
        return at;
      }
    }
    if (column > 0) {
      return unvisited(cells, position, cell - 1);
    }
    return -1;
  }

  private static int unvisited(long[] cells, int[] position, long cell) {
    int at = Arrays.binarySearch(cells, cell);
    return at >= 0 && position[at] < 0 ? at : -1;
  }
}

package org.tropic.sparse;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.tropic.graph.Graph;

/**
 * Builds a {@link BlockCoo} from a {@link Graph}: renumber, orient (as CSR, rows sorted by column), then cut each
 * block row into its non-empty blocks with one stable bucket pass, and finally order the elements of each block.
 */
final class BlockCooBuilder {
  private BlockCooBuilder() {}

  static BlockCoo build(Graph graph, BlockCooOptions options, int blockHeight, int blockWidth) {
    int n = graph.vertexCount();
    Permutation permutation = options.vertexOrder() == VertexOrder.RCM
        ? ReverseCuthillMcKee.order(graph) : Permutation.identity(n);
    boolean pattern = switch (options.values()) {
      case PATTERN -> true;
      case WEIGHTS -> false;
      case AUTO -> allOnes(graph.weights());
    };
    CsrArrays matrix = oriented(graph, permutation, options.orientation());
    BlockCoo.Layout layout = new BlockCoo.Layout(options.orientation(), options.elementOrder(),
        options.vertexOrder(), options.cacheLineFloats(), isSymmetric(graph));
    return cut(matrix, blockHeight, blockWidth, pattern, layout, permutation);
  }

  private static CsrArrays oriented(Graph graph, Permutation permutation, Orientation orientation) {
    CsrArrays adjacency = CsrArrays.of(graph);
    if (permutation.isIdentity()) {
      return orientation == Orientation.ADJACENCY ? adjacency : adjacency.transpose();
    }
    CsrArrays transposed = adjacency.permuted(permutation).transpose();
    return orientation == Orientation.TRANSPOSE ? transposed : transposed.transpose();
  }

  private static BlockCoo cut(CsrArrays m, int height, int width, boolean pattern, BlockCoo.Layout layout,
      Permutation permutation) {
    int n = m.size();
    int nnz = m.columns().length;
    int blockRows = Math.max(1, (n + height - 1) / height);
    int blockColumns = Math.max(1, (n + width - 1) / width);
    Arena arena = Arena.ofAuto();
    MemorySegment coords = arena.allocate((long) nnz * Integer.BYTES, 64);
    MemorySegment values = pattern ? null : arena.allocate((long) nnz * Float.BYTES, 64);

    int[] blockRowStart = new int[blockRows + 1];
    IntArrayList blockColumn = new IntArrayList();
    IntArrayList blockStart = new IntArrayList();
    int[] count = new int[blockColumns];
    int[] fill = new int[blockColumns];
    IntArrayList touched = new IntArrayList();
    for (int br = 0; br < blockRows; br++) {
      int rowLo = Math.min(n, br * height);
      int rowHi = Math.min(n, rowLo + height);
      int lo = m.offsets()[rowLo];
      int hi = m.offsets()[rowHi];
      touched.clear();
      for (int e = lo; e < hi; e++) {
        int bc = m.columns()[e] / width;
        if (count[bc]++ == 0) {
          touched.add(bc);
        }
      }
      int[] occupied = touched.toIntArray();
      IntArrays.quickSort(occupied);
      blockRowStart[br] = blockColumn.size();
      int at = lo;
      for (int bc : occupied) {
        blockColumn.add(bc);
        blockStart.add(at);
        fill[bc] = at;
        at += count[bc];
        count[bc] = 0;
      }
      for (int row = rowLo; row < rowHi; row++) {
        int local = (row - rowLo) << 16;
        for (int e = m.offsets()[row]; e < m.offsets()[row + 1]; e++) {
          int column = m.columns()[e];
          int bc = column / width;
          int k = fill[bc]++;
          coords.setAtIndex(BlockCoo.COORD, k, local | (column - bc * width));
          if (values != null) {
            values.setAtIndex(BlockCoo.VALUE, k, m.values()[e]);
          }
        }
      }
      for (int b = blockRowStart[br]; b < blockColumn.size(); b++) {
        int from = blockStart.getInt(b);
        int to = b + 1 < blockStart.size() ? blockStart.getInt(b + 1) : hi;
        switch (layout.elementOrder()) {
          case ROW -> RunLengthOrder.sortBlock(coords, values, from, to);
          case CACHE -> CacheOrder.sortBlock(coords, values, from, to, Math.max(height, width),
              layout.cacheLineFloats());
        }
      }
    }
    blockRowStart[blockRows] = blockColumn.size();
    blockStart.add(nnz);
    return new BlockCoo(n, n, height, width, blockRowStart, blockColumn.toIntArray(), blockStart.toIntArray(), coords,
        values, layout, permutation, null);
  }

  private static boolean allOnes(float[] weights) {
    for (float w : weights) {
      if (w != 1f) {
        return false;
      }
    }
    return true;
  }

  /** Whether every arc u→v has the arc v→u of the same weight; O(nnz · log degree). */
  static boolean isSymmetric(Graph graph) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        int back = Arrays.binarySearch(targets, offsets[v], offsets[v + 1], u);
        if (back < 0 || Float.compare(weights[back], weights[e]) != 0) {
          return false;
        }
      }
    }
    return true;
  }
}

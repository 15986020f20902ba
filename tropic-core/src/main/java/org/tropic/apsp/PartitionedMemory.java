package org.tropic.apsp;

import java.util.Locale;
import java.util.function.LongUnaryOperator;

/**
 * The heap a {@link PartitionedApsp} solve holds at its peak, counted by the rule the Floyd–Warshall plan uses
 * ({@link HeapFootprint}): every array with its header and, under G1, the rest of each heap region it leaves unused.
 * That matters here: a row block of s × n floats over half a region is humongous and takes whole regions (a 1.3 MB
 * block takes 2 MiB in 1 MiB regions), and the boundary matrix's 256 × 256 tiles fit three to a 1 MiB region, not
 * four. Counted by their floats alone, a boundary graph solved again by partitioning (power, k = 1,016) ran out of a
 * 160 MiB heap that the estimate of 147 MiB had let it start in.
 *
 * <p>The output's row blocks stay to the end; beside them step 1 holds the Floyd–Warshall matrices of the components
 * being closed at once, and steps 2–4 the boundary matrix and the products' buffers. The peak is the larger of the
 * two.
 *
 * @param rowBlocks the n × n output as k row blocks of s<sub>i</sub> × n floats
 * @param components the tiles and panels of the components step 1 closes side by side (the largest ones)
 * @param boundary the boundary graph's Floyd–Warshall tiles and panels (step 2, kept through steps 3–4)
 * @param working the products' buffers (steps 3–4): the packed boundary rows of every component's step-1 result,
 *     the boundary distances of the components being multiplied, and each thread's chunk and packing buffers
 */
record PartitionedMemory(long rowBlocks, long components, long boundary, long working) {
  /** Rows per product chunk at most ({@link CrossComponentProducts#chunkRows}). */
  private static final int CHUNK_ROWS = 256;

  /** The peak: the output, plus the larger of step 1's component matrices and steps 2–4's boundary and buffers. */
  long peak() {
    return rowBlocks + Math.max(components, boundary + working);
  }

  /**
   * The memory of a solve of {@code report}'s partition.
   *
   * @param componentTiles the tile size step 1 uses for each component
   * @param boundaryTile the boundary matrix's tile size (unused without boundary vertices)
   * @param floatArray what a float array of a given length takes in the heap
   */
  static PartitionedMemory of(PartitionReport report, int threads, int[] componentTiles, int boundaryTile,
      boolean symmetric, LongUnaryOperator floatArray) {
    int k = report.parts();
    int[] sizes = report.componentSizes();
    int[] boundaries = report.boundarySizes();
    long n = report.vertexCount();
    long nb = report.boundaryVertices();
    long rows = 0;
    long copies = 0;
    int widest = 0;
    for (int c = 0; c < k; c++) {
      rows += floatArray.applyAsLong(sizes[c] * n);
      copies += boundaries[c] == 0 ? 0 : floatArray.applyAsLong((long) boundaries[c] * sizes[c]);
      widest = Math.max(widest, boundaries[c]);
    }
    long components = componentMatrices(sizes, componentTiles, Math.max(1, Math.min(k, threads)), symmetric,
        floatArray);
    long boundary = nb == 0 ? 0 : floydWarshallBytes((int) nb, boundaryTile, symmetric, floatArray);
    long working = 0;
    if (nb > 0) {
      // a component's boundary distances are gathered, then packed; up to one component per thread, and the next
      long componentsAtOnce = Math.min(k, threads + 1L);
      working = copies + componentsAtOnce * 2 * floatArray.applyAsLong(widest * nb)
          + threads * (floatArray.applyAsLong(CHUNK_ROWS * nb) + floatArray.applyAsLong((long) CHUNK_ROWS * widest));
    }
    return new PartitionedMemory(rows, components, boundary, working);
  }

  /** Floyd–Warshall's tiles and panels on n vertices in b × b tiles, as {@link Planner#floydWarshallBytes}. */
  static long floydWarshallBytes(int n, int b, boolean symmetric, LongUnaryOperator floatArray) {
    return Planner.floydWarshallArrays(n, b, symmetric) * floatArray.applyAsLong((long) b * b);
  }

  /** The matrices of the {@code concurrent} largest components, closed side by side. */
  private static long componentMatrices(int[] sizes, int[] tiles, int concurrent, boolean symmetric,
      LongUnaryOperator floatArray) {
    long[] each = new long[sizes.length];
    for (int c = 0; c < sizes.length; c++) {
      each[c] = floydWarshallBytes(sizes[c], tiles[c], symmetric, floatArray);
    }
    java.util.Arrays.sort(each);
    long sum = 0;
    for (int i = 0; i < concurrent && i < each.length; i++) {
      sum += each[each.length - 1 - i];
    }
    return sum;
  }

  /** What the peak is made of, in parts that add up to it, for a refusal that can be checked by hand. */
  String describe(long outputBytes) {
    String rest = components > boundary + working
        ? String.format(Locale.ROOT, "plus step 1's component matrices, %,d bytes", components)
        : String.format(Locale.ROOT, "plus the boundary matrix with its panels, %,d bytes, plus the products'"
            + " buffers, %,d bytes", boundary, working);
    return String.format(Locale.ROOT, "the output as row blocks, %,d bytes (n² × 4 = %,d and %,d of array headers"
        + " and heap packing), %s", rowBlocks, outputBytes, rowBlocks - outputBytes, rest);
  }
}

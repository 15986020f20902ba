package org.tropic.apsp;

import java.util.Arrays;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import java.util.function.LongUnaryOperator;
import org.tropic.semiring.Arithmetic;

/**
 * The tile sizes a partitioned solve closes its components and its boundary matrix in, chosen, as the planner
 * chooses Floyd–Warshall's, among those whose memory fits the heap. The fastest size may not fit where a slower one
 * does: a 384 or 512 tile is humongous in G1's 1 MiB regions and takes 1.8–2× its bytes, a 192 tile 1.02×. bcspwr10
 * in 2 parts (two components of 2,650 vertices closed side by side in 384 tiles, 49.9 MB) was refused a 160 MiB
 * heap that 192 tiles fit.
 *
 * @param components each component's tile size, in the layout's order
 * @param boundary the boundary matrix's tile size, 0 without boundary vertices
 * @param memory the solve's memory in these tiles
 * @param note for the plan, where memory rather than speed decided the sizes; else empty
 * @param noneFits whether even the leanest sizes, these, exceed the room they were chosen for
 */
record PartitionedTiles(int[] components, int boundary, PartitionedMemory memory, String note, boolean noneFits) {

  /**
   * The model's fastest sizes where the solve's peak fits {@code room}, else the fastest that fit, else (nothing
   * fits) those that take the least heap, so that a refusal counts the least the solve can take.
   *
   * @param sizes the partition (its report before the boundary matrix is counted)
   * @param floatArray what a float array of a given length takes in the heap
   * @param room the heap a solve needing so many bytes may take (free now, or after a collection)
   */
  static PartitionedTiles choose(BlockSizeModel model, PartitionReport sizes, int threads, Arithmetic arithmetic,
      boolean symmetric, LongUnaryOperator floatArray, LongUnaryOperator room) {
    int k = sizes.parts();
    int concurrent = Math.max(1, Math.min(k, threads));
    int threadsEach = Math.max(1, threads / concurrent); // as ComponentClosure runs them
    int nb = sizes.boundaryVertices();
    int[] fastest = new int[k];
    for (int c = 0; c < k; c++) {
      fastest[c] = model.choose(sizes.componentSizes()[c], threadsEach, arithmetic, symmetric);
    }
    int fastestBoundary = nb == 0 ? 0 : model.choose(nb, threads, arithmetic, symmetric);
    PartitionedMemory quickest = PartitionedMemory.of(sizes, threads, fastest, fastestBoundary, symmetric,
        floatArray);
    long available = room.applyAsLong(quickest.peak());
    if (quickest.peak() <= available) {
      return new PartitionedTiles(fastest, fastestBoundary, quickest, "", false);
    }

    int[] leanest = new int[k];
    for (int c = 0; c < k; c++) {
      leanest[c] = leanest(model, sizes.componentSizes()[c], threadsEach, arithmetic, symmetric, floatArray);
    }
    int leanestBoundary = nb == 0 ? 0 : leanest(model, nb, threads, arithmetic, symmetric, floatArray);
    PartitionedMemory least = PartitionedMemory.of(sizes, threads, leanest, leanestBoundary, symmetric, floatArray);
    if (least.peak() > available) {
      return new PartitionedTiles(leanest, leanestBoundary, least, String.format(Locale.ROOT, "; tiles of %s, the"
          + " sizes that take the least heap, and even these do not fit the %,d bytes available",
          describe(leanest, leanestBoundary), available), true);
    }
    // Step 1 closes up to `concurrent` components at once: each may take its leanest matrix and an equal share of
    // the room those leave, so that any `concurrent` of them fit together.
    long share = (available - least.rowBlocks() - least.components()) / concurrent;
    int[] chosen = new int[k];
    for (int c = 0; c < k; c++) {
      int s = sizes.componentSizes()[c];
      long most = bytes(s, leanest[c], symmetric, floatArray) + share;
      chosen[c] = choose(model, s, threadsEach, arithmetic, symmetric,
          b -> bytes(s, b, symmetric, floatArray) <= most, leanest[c]);
    }
    long boundaryRoom = available - least.rowBlocks() - least.working(); // rows and buffers do not depend on tiles
    int chosenBoundary = nb == 0 ? 0 : choose(model, nb, threads, arithmetic, symmetric,
        b -> bytes(nb, b, symmetric, floatArray) <= boundaryRoom, leanestBoundary);
    PartitionedMemory memory = PartitionedMemory.of(sizes, threads, chosen, chosenBoundary, symmetric, floatArray);
    String note = String.format(Locale.ROOT, "; tiles of %s, the fastest sizes that fit: %s would take %,d bytes"
        + " of the %,d available", describe(chosen, chosenBoundary), describe(fastest, fastestBoundary),
        quickest.peak(), available);
    return new PartitionedTiles(chosen, chosenBoundary, memory, note, false);
  }

  /** The model's fastest size among those {@code allowed}, or {@code fallback} where it accepts none. */
  private static int choose(BlockSizeModel model, int n, int threads, Arithmetic arithmetic, boolean symmetric,
      IntPredicate allowed, int fallback) {
    int b = model.choose(n, threads, arithmetic, symmetric, allowed);
    return b > 0 ? b : fallback;
  }

  /** Of the sizes the model may pick for n vertices, the one whose tiles and panels take the least heap. */
  private static int leanest(BlockSizeModel model, int n, int threads, Arithmetic arithmetic, boolean symmetric,
      LongUnaryOperator floatArray) {
    int only = model.choose(n, threads, arithmetic, symmetric, b -> false);
    if (only > 0) {
      return only; // one tile: the model picks it whatever is allowed
    }
    int leanest = 0;
    long least = Long.MAX_VALUE;
    for (int b : BlockSizeModel.usableCandidates()) {
      long bytes = bytes(n, b, symmetric, floatArray);
      if (bytes < least) {
        leanest = b;
        least = bytes;
      }
    }
    return leanest;
  }

  private static long bytes(int n, int b, boolean symmetric, LongUnaryOperator floatArray) {
    return PartitionedMemory.floydWarshallBytes(n, b, symmetric, floatArray);
  }

  /** "192 (components) and 256 (boundary matrix)", each distinct component size once. */
  String describe() {
    return describe(components, boundary);
  }

  private static String describe(int[] components, int boundary) {
    TreeSet<Integer> distinct = new TreeSet<>();
    Arrays.stream(components).forEach(distinct::add);
    String parts = String.join("/", distinct.stream().map(String::valueOf).toList()) + " (components)";
    return boundary == 0 ? parts : parts + " and " + boundary + " (boundary matrix)";
  }
}

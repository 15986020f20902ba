package org.tropic.apsp;

import java.util.Locale;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Closes the distances among an incremental update's s endpoints in place: D[S, S] with the new arcs, s × s
 * row-major, in the kernels' storage form. A few hundred endpoints are one kernel call of milliseconds. More are a
 * blocked Floyd–Warshall on every thread under a progress bar: at 2·s³ flop the closure nears the rows' own 2·n²·s
 * when s nears n, and as one kernel call it was a wait on one thread with nothing on the screen.
 */
final class EndpointClosure {
  /** From this many endpoints on the closure is tiled; below, 2·s³ is under 0.3 Gflop, a few tens of ms. */
  static final int TILED_FROM = 512;
  /** The largest tile side {@link BlockSizeModel} chooses, which bounds the padding of the tiled copy. */
  private static final int LARGEST_TILE = 512;

  private EndpointClosure() {}

  /**
   * Closes {@code closed}, s × s.
   *
   * @throws NegativeCycleException naming the endpoint's index in S (0..s−1) when a closed walk is negative
   */
  static void close(float[] closed, int s, Arithmetic arithmetic, MinPlusKernels kernels, int threads,
      Progress progress) {
    if (s < TILED_FROM) {
      kernels.closure(arithmetic, s, closed, 0, s);
      return;
    }
    int b = ComponentClosure.tileSize(kernels, s, threads, arithmetic, false);
    TiledDistanceMatrix d = new TiledDistanceMatrix(s, b, arithmetic, null, false);
    for (int i = 0; i < s; i++) {
      for (int j = 0; j < s; j++) {
        d.setStored(i, j, closed[i * s + j]);
      }
    }
    String task = String.format(Locale.ROOT, "closing the distances among %,d endpoints", s);
    new FloydWarshallSchedule(kernels, arithmetic, d, threads, true, ComponentClosure.unnamedVertices(s),
        progress.named(task)).run();
    for (int i = 0; i < s; i++) {
      d.copyRow(i, closed, i * s);
    }
  }

  /** The heap the closure takes beside the s² matrix it closes: the tiled copy, where there is one. */
  static long heapBytes(int s) {
    return s < TILED_FROM ? 0 : TiledDistanceMatrix.storageBytes(s, LARGEST_TILE, false);
  }
}

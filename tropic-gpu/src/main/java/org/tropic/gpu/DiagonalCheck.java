package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.MemorySegment;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * After each diagonal closure: a negative entry on the diagonal is a vertex on a negative cycle, so the solve stops
 * with a {@link NegativeCycleException} as the CPU solver does, instead of letting the values run to −∞ and NaN.
 */
final class DiagonalCheck {
  private DiagonalCheck() {}

  /** Checks the diagonal of the closed b×b tile of pivot block k, held row-major (ld b) in {@code tile}. */
  static void check(Graph graph, Arithmetic arithmetic, MemorySegment tile, int k, int b) {
    int first = k * b;
    int end = Math.min(graph.vertexCount(), first + b);
    for (int v = first; v < end; v++) {
      int local = v - first;
      float self = arithmetic.decode(tile.getAtIndex(JAVA_FLOAT, (long) local * b + local));
      if (self < 0) {
        throw new NegativeCycleException(v, graph.name(v), self);
      }
    }
  }
}

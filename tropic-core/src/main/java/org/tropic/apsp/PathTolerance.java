package org.tropic.apsp;

/**
 * When a path's summed weight counts as equal to a float32 distance. Two float32 computations of the same path
 * length (Dijkstra, Floyd–Warshall, Johnson) round differently, each by up to about {@code hops × 2⁻²⁴} of the sum of
 * the magnitudes involved, so lengths are compared relative to a scale: the sum of |weight| along the path plus
 * |distance|. The relative allowance is {@link #RELATIVE}, widened for paths so long that float32 rounding alone may
 * exceed it.
 */
final class PathTolerance {
  /** The relative allowance for paths of ordinary length. */
  static final double RELATIVE = 1e-5;

  /** Beyond this relative gap a distance matrix and a graph cannot belong together. */
  static final double MISMATCH = 1e-3;

  private static final double FLOAT_ROUNDOFF = 0x1p-24;

  private PathTolerance() {}

  /** The largest gap allowed between a path of {@code arcs} arcs and magnitude {@code scale}, and a distance. */
  static double allowed(double scale, int arcs) {
    return Math.max(RELATIVE, 2.0 * (arcs + 1) * FLOAT_ROUNDOFF) * scale + Float.MIN_NORMAL;
  }

  static boolean close(double length, double distance, double scale, int arcs) {
    return Math.abs(length - distance) <= allowed(scale, arcs);
  }
}

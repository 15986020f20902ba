package org.tropic.apsp;

import java.util.Arrays;
import java.util.Objects;

/**
 * A path as its vertices in order, from source to target, with its length: the sum of its arcs' weights (added in
 * double, rounded once to float32). A path from a vertex to itself is that one vertex, of length 0.
 *
 * <p>"No path" has one fixed meaning, as in JGraphT: {@link #NONE}, with no vertices and length +∞.
 *
 * @param vertices the path's vertices, source first; the record's own array, not to be modified
 * @param length the sum of the arc weights along the path, +∞ exactly when there is no path
 */
public record Path(int[] vertices, float length) {
  /** The answer when the target cannot be reached: no vertices, length +∞. */
  public static final Path NONE = new Path(new int[0], Float.POSITIVE_INFINITY);

  public Path {
    Objects.requireNonNull(vertices, "vertices");
    if (Float.isNaN(length)) {
      throw new IllegalArgumentException("path length is NaN");
    }
    if ((vertices.length == 0) != (length == Float.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException(
          "a path has vertices exactly when its length is finite: " + vertices.length + " vertices, length " + length);
    }
  }

  /** Whether there is a path (a target is reachable). */
  public boolean exists() {
    return vertices.length > 0;
  }

  /** The number of arcs on the path: 0 for a single vertex and for {@link #NONE}. */
  public int arcCount() {
    return Math.max(0, vertices.length - 1);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Path p && Float.compare(length, p.length) == 0 && Arrays.equals(vertices, p.vertices);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(vertices) + Float.hashCode(length);
  }

  @Override
  public String toString() {
    return exists() ? "Path[" + Arrays.toString(vertices) + ", length=" + length + "]" : "Path[none]";
  }
}

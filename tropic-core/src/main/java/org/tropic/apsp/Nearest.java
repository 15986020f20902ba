package org.tropic.apsp;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import java.util.Objects;

/**
 * The k vertices closest to a source, nearest first (equal distances by smaller id, distances that differ by float
 * rounding alone counting as equal, see {@link DistanceTies}), with their distances. Only reachable vertices (finite
 * distance) other than the source itself are counted, so there may be fewer than k.
 *
 * @param vertices the vertex ids, nearest first; the record's own array, not to be modified
 * @param distances their distances from the source, parallel to {@code vertices}
 */
public record Nearest(int[] vertices, float[] distances) {

  public Nearest {
    Objects.requireNonNull(vertices, "vertices");
    Objects.requireNonNull(distances, "distances");
    if (vertices.length != distances.length) {
      throw new IllegalArgumentException(vertices.length + " vertices but " + distances.length + " distances");
    }
  }

  /**
   * The k vertices nearest to u according to row u of {@code distances}: one pass over the row keeping the best k
   * in a bounded max-heap, O(n log k) time and O(n) scratch for the row, and a second for the vertices that tie the
   * k-th up to rounding, one of which may come before it by id.
   *
   * @throws IllegalArgumentException if k is negative
   * @throws IndexOutOfBoundsException if u is not a vertex
   */
  public static Nearest of(DistanceMatrix distances, int u, int k) {
    int n = distances.size();
    if (u < 0 || u >= n) {
      throw new IndexOutOfBoundsException("vertex " + u + " is not in the distance matrix (ids 0.." + (n - 1) + ")");
    }
    if (k < 0) {
      throw new IllegalArgumentException("k must not be negative, got " + k);
    }
    float[] row = new float[n];
    distances.copyRow(u, row);
    int capacity = Math.min(k, n - 1);
    int[] heap = new int[capacity];
    int size = 0;
    for (int v = 0; v < n; v++) {
      if (v == u || !(row[v] < Float.POSITIVE_INFINITY)) {
        continue;
      }
      if (size < capacity) {
        heap[size] = v;
        siftUp(heap, size++, row);
      } else if (capacity > 0 && before(v, heap[0], row)) {
        heap[0] = v;
        siftDown(heap, size, row);
      }
    }
    int[] best = Arrays.copyOf(heap, size);
    IntArrays.quickSort(best, (a, b) -> before(a, b, row) ? -1 : (a == b ? 0 : 1));
    int[] vertices = Arrays.copyOf(byTieThenId(withTiesOfLast(best, row, u), row), size);
    float[] dist = new float[size];
    for (int i = 0; i < size; i++) {
      dist[i] = row[vertices[i]];
    }
    return new Nearest(vertices, dist);
  }

  /**
   * The best k (in exact order) and every other vertex whose distance ties the last one's up to float rounding
   * ({@link DistanceTies}): one of them with a smaller id belongs in the k in its place. Another pass over the row.
   */
  private static int[] withTiesOfLast(int[] best, float[] row, int u) {
    if (best.length == 0) {
      return best;
    }
    double[] keys = DistanceTies.keysOfSorted(distancesOf(best, row));
    double lastKey = keys[keys.length - 1];
    int last = best[best.length - 1];
    IntArrayList all = new IntArrayList(best);
    for (int v = 0; v < row.length; v++) {
      if (v != u && row[v] < Float.POSITIVE_INFINITY && before(last, v, row) && DistanceTies.joins(lastKey, row[v])) {
        all.add(v);
      }
    }
    int[] sorted = all.toIntArray();
    IntArrays.quickSort(sorted, (a, b) -> before(a, b, row) ? -1 : (a == b ? 0 : 1));
    return sorted;
  }

  /**
   * Vertices in exact (distance, id) order, a prefix of the row's, reordered so that distances equal up to float
   * rounding count as one and the smaller id comes first among them.
   */
  private static int[] byTieThenId(int[] exactOrder, float[] row) {
    double[] keys = DistanceTies.keysOfSorted(distancesOf(exactOrder, row));
    int[] ordered = exactOrder.clone();
    for (int from = 0, to; from < ordered.length; from = to) {
      to = from + 1;
      while (to < ordered.length && keys[to] == keys[from]) {
        to++;
      }
      IntArrays.quickSort(ordered, from, to);
    }
    return ordered;
  }

  private static double[] distancesOf(int[] vertices, float[] row) {
    double[] distances = new double[vertices.length];
    for (int i = 0; i < vertices.length; i++) {
      distances[i] = row[vertices[i]];
    }
    return distances;
  }

  /** How many vertices were found. */
  public int size() {
    return vertices.length;
  }

  /** Whether a comes before b: smaller distance, or the same distance and smaller id. */
  private static boolean before(int a, int b, float[] row) {
    return row[a] < row[b] || row[a] == row[b] && a < b;
  }

  /** Max-heap on "comes later": the root is the worst of the best k kept so far. */
  private static void siftUp(int[] heap, int at, float[] row) {
    int v = heap[at];
    while (at > 0) {
      int parentAt = (at - 1) >>> 1;
      if (!before(heap[parentAt], v, row)) {
        break;
      }
      heap[at] = heap[parentAt];
      at = parentAt;
    }
    heap[at] = v;
  }

  private static void siftDown(int[] heap, int size, float[] row) {
    int at = 0;
    int v = heap[0];
    while (2 * at + 1 < size) {
      int child = 2 * at + 1;
      if (child + 1 < size && before(heap[child], heap[child + 1], row)) {
        child++;
      }
      if (!before(v, heap[child], row)) {
        break;
      }
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = v;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Nearest other && Arrays.equals(vertices, other.vertices)
        && Arrays.equals(distances, other.distances);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(vertices) + Arrays.hashCode(distances);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("Nearest[");
    for (int i = 0; i < vertices.length; i++) {
      s.append(i == 0 ? "" : ", ").append(vertices[i]).append('=').append(distances[i]);
    }
    return s.append(']').toString();
  }
}

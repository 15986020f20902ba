package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import org.tropic.graph.Graph;

/** Checks paths and nearest-vertex answers against the graph itself and a distance row. */
final class PathAssertions {
  private PathAssertions() {}

  /** Tolerance of a distance against an exact (double) reference. */
  static double distanceTolerance(double reference) {
    return 1e-5 * Math.abs(reference) + 1e-6;
  }

  static void assertDistancesMatch(DistanceMatrix actual, double[][] expected, String what) {
    int n = expected.length;
    assertThat(actual.size()).isEqualTo(n);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        double e = expected[u][v];
        float a = actual.get(u, v);
        String where = what + " D[" + u + "][" + v + "]";
        if (e == Double.POSITIVE_INFINITY) {
          assertThat(a).as(where).isEqualTo(Float.POSITIVE_INFINITY);
        } else {
          assertThat((double) a).as(where).isCloseTo(e, within(distanceTolerance(e)));
        }
      }
    }
  }

  /** Every distance against JGraphT's Dijkstra from each source, within {@link #distanceTolerance}. */
  static void assertDistancesMatchJGraphTDijkstra(Graph graph, DistanceMatrix d) {
    var jgrapht = new org.jgrapht.alg.shortestpath.DijkstraShortestPath<>(TestGraph.toJGraphT(graph));
    for (int u = 0; u < graph.vertexCount(); u++) {
      var paths = jgrapht.getPaths(u);
      for (int v = 0; v < graph.vertexCount(); v++) {
        double expected = paths.getWeight(v);
        if (expected == Double.POSITIVE_INFINITY) {
          assertThat(d.get(u, v)).isEqualTo(Float.POSITIVE_INFINITY);
        } else {
          assertThat((double) d.get(u, v)).as("D[%d][%d] vs JGraphT", u, v)
              .isCloseTo(expected, within(distanceTolerance(expected)));
        }
      }
    }
  }

  /** A progress listener that throws on the first advance, to check that a solver stops and surfaces it. */
  static Progress failingProgress() {
    return new Progress() {
      @Override
      public void begin(String task, long totalWork) {}

      @Override
      public void advance(long work) {
        throw new IllegalStateException("listener broke");
      }

      @Override
      public void end() {}
    };
  }

  /** A real path of the graph from u to v, no vertex twice, whose arcs sum to D[u][v] within tolerance. */
  static void assertValidPath(Graph graph, DistanceMatrix d, int u, int v, Path path) {
    float dist = d.get(u, v);
    String where = "path " + u + "→" + v + " (D = " + dist + ") " + path;
    if (dist == Float.POSITIVE_INFINITY) {
      assertThat(path).as(where).isEqualTo(Path.NONE);
      assertThat(path.exists()).isFalse();
      return;
    }
    int[] vs = path.vertices();
    assertThat(vs).as(where).isNotEmpty();
    assertThat(vs[0]).as(where).isEqualTo(u);
    assertThat(vs[vs.length - 1]).as(where).isEqualTo(v);
    IntOpenHashSet seen = new IntOpenHashSet();
    double length = 0;
    double scale = Math.abs(dist);
    for (int i = 0; i < vs.length; i++) {
      assertThat(seen.add(vs[i])).as(where + ": vertex " + vs[i] + " repeated").isTrue();
      if (i > 0) {
        float w = graph.weight(vs[i - 1], vs[i]);
        assertThat(w).as(where + ": arc " + vs[i - 1] + "→" + vs[i]).isLessThan(Float.POSITIVE_INFINITY);
        length += w;
        scale += Math.abs(w);
      }
    }
    assertThat(length).as(where + ": summed weight").isCloseTo(dist, within(1e-5 * scale + 1e-30));
    assertThat((double) path.length()).as(where + ": reported length").isCloseTo(length, within(1e-6 * scale + 1e-30));
    assertThat(path.arcCount()).isEqualTo(vs.length - 1);
  }

  /**
   * nearest(u, k) against sorting the whole row by (distance, id), distances within 1e-6 (relative) of the first of
   * their run in that order counting as one.
   */
  static void assertNearestMatchesSortedRow(DistanceMatrix d, int u, int k, Nearest nearest) {
    List<Integer> expected = new ArrayList<>();
    for (int v = 0; v < d.size(); v++) {
      if (v != u && d.get(u, v) != Float.POSITIVE_INFINITY) {
        expected.add(v);
      }
    }
    expected.sort(Comparator.<Integer>comparingDouble(v -> d.get(u, v)).thenComparingInt(v -> v));
    java.util.Map<Integer, Double> runFirst = new java.util.HashMap<>();
    double first = Double.NaN;
    for (int v : expected) {
      double dist = d.get(u, v);
      if (!(dist - first <= 1e-6 * Math.abs(first))) {
        first = dist;
      }
      runFirst.put(v, first);
    }
    expected.sort(Comparator.<Integer>comparingDouble(runFirst::get).thenComparingInt(v -> v));
    List<Integer> firstK = expected.subList(0, Math.min(k, expected.size()));
    assertThat(nearest.vertices()).as("nearest(" + u + ", " + k + ")")
        .containsExactly(firstK.stream().mapToInt(Integer::intValue).toArray());
    for (int i = 0; i < nearest.size(); i++) {
      assertThat(nearest.distances()[i]).isEqualTo(d.get(u, nearest.vertices()[i]));
    }
  }
}

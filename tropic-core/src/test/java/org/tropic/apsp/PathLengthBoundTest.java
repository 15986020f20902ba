package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class PathLengthBoundTest {
  private static final List<Algorithm> ALGORITHMS = List.of(Algorithm.FW, Algorithm.DIJKSTRA, Algorithm.BATCHED);

  /** The histogram selection sums exactly the n − 1 largest |w|, as sorting them would, ties and signs included. */
  @Property(tries = 300)
  void sumOfLargestIsTheSumOfTheNMinusOneLargestMagnitudes(@ForAll @IntRange(min = 1, max = 40) int n,
      @ForAll @IntRange(min = 0, max = 200) int arcs, @ForAll long seed) {
    Random r = new Random(seed);
    GraphBuilder b = GraphBuilder.withVertexCount(n);
    float[] palette = {1, 2, 2.5f, 3e38f, -3e38f, 1e-40f, 16_777_217f, 0, 65_536, 65_537, -1.5f};
    for (int i = 0; i < arcs; i++) {
      float w = r.nextBoolean() ? palette[r.nextInt(palette.length)] : (float) (r.nextGaussian() * 1e6);
      b.addArc(r.nextInt(n), r.nextInt(n), w);
    }
    Graph g = b.build();
    double[] magnitudes = new double[g.arcCount()];
    for (int a = 0; a < magnitudes.length; a++) {
      magnitudes[a] = Math.abs((double) g.weights()[a]);
    }
    Arrays.sort(magnitudes);
    double expected = 0;
    int k = PathLengthBound.arcs(g);
    for (int i = 0; i < k; i++) {
      expected += magnitudes[magnitudes.length - 1 - i];
    }
    assertThat(k).isEqualTo(n < 2 ? 0 : Math.min(g.arcCount(), n - 1));
    assertThat(PathLengthBound.sumOfLargest(g)).isEqualTo(expected);
  }

  /**
   * 10 vertices, one arc of 1e38 and eight of 1: (n − 1) × max |w| = 9e38 refused it, though no path can be longer
   * than 1e38 + 8. Accepted now, with every distance as a float64 solve rounds it.
   */
  @Test
  void oneHeavyArcAmongTenVerticesIsAcceptedWithExactDistances() {
    GraphBuilder b = GraphBuilder.withVertexCount(10).addArc(0, 1, 1e38f);
    for (int v = 1; v + 1 < 10; v++) {
      b.addArc(v, v + 1, 1);
    }
    Graph g = b.build();
    double[][] reference = ReferenceShortestPaths.bellmanFord(g);
    for (Algorithm a : ALGORITHMS) {
      DistanceMatrix d = Apsp.solve(g, ApspRequest.defaults().withAlgorithm(a), Progress.NONE).distances();
      assertThat(d.get(0, 9)).as(a.name()).isEqualTo(1e38f);
      assertThat(d.get(1, 9)).as(a.name()).isEqualTo(8f);
      for (int u = 0; u < 10; u++) {
        for (int v = 0; v < 10; v++) {
          assertThat(d.get(u, v)).as("%s %d → %d", a, u, v).isEqualTo((float) reference[u][v]);
        }
      }
    }
  }

  /** Two arcs of 3e38 in a row: the path 0 → 2 is 6e38, truly beyond float32, and still refused with its sum. */
  @Test
  void aGraphWhosePathsTrulyPassFloat32IsStillRefused() {
    Graph g = GraphBuilder.withVertexCount(3).addArc(0, 1, 3e38f).addArc(1, 2, 3e38f).build();
    assertThatThrownBy(() -> Planner.refuseFloatOverflow(g)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a shortest path could overflow float32: being simple, it has at most n − 1 = 2"
            + " arcs, each taken once, and the 2 largest |weight| sum to 6.000e+38, beyond the largest float32, 3.403e+38");
  }

  /**
   * A path whose exact length, MAX − 4·2^104 + 10·2^80, fits float32, but whose float32 sum does not: each of its
   * ten arcs of 2^103 + 2^80 is just over half a unit in the last place of the partial sum, so each addition
   * rounds up by almost as much again, and Dijkstra stores +∞ for a reachable vertex. The bound allows for the
   * rounding of the additions and refuses it.
   */
  @Test
  void aPathThatFitsOnlyInExactArithmeticIsRefused() {
    float first = Math.scalb((float) ((1 << 24) - 1 - 9), 104);
    float step = Math.scalb(1f, 103) + Math.scalb(1f, 80);
    GraphBuilder b = GraphBuilder.withVertexCount(12).addArc(0, 1, first);
    for (int v = 1; v < 11; v++) {
      b.addArc(v, v + 1, step);
    }
    Graph g = b.build();
    double exact = (double) first + 10.0 * step;
    assertThat(exact).isLessThan(Float.MAX_VALUE);
    assertThat(PathLengthBound.sumOfLargest(g)).isEqualTo(exact);
    assertThat(DijkstraAllPairs.solve(g, 1, Progress.NONE).get(0, 11)).isInfinite(); // what the refusal prevents
    assertThatThrownBy(() -> Planner.refuseFloatOverflow(g)).hasMessageContaining("once float32 rounds the 10"
        + " additions");
  }

  /**
   * Every graph the check accepts keeps its distances finite and exact. Weights are whole multiples of 2^104, the
   * unit in the last place at the top of float32, so every sum up to the largest float32 is exact in float32 and
   * float64 alike, and one past it is not representable: a distance the check let through that overflowed would be
   * +∞ here, and one that rounded would differ from the float64 Bellman–Ford.
   */
  @Property(tries = 150)
  void acceptedGraphsKeepEveryFiniteDistanceFiniteAndExact(@ForAll @IntRange(min = 2, max = 12) int n,
      @ForAll @IntRange(min = 1, max = 40) int arcs, @ForAll long seed) {
    Random r = new Random(seed);
    GraphBuilder b = GraphBuilder.withVertexCount(n);
    for (int i = 0; i < arcs; i++) {
      // about one arc near the top of float32 a graph, so that many are accepted that (n − 1) × max |w| refused,
      // and the others' sum lands on either side of the largest float32
      int units = r.nextInt(arcs) == 0 ? (1 << 24) - 1 - r.nextInt(1 << 23) : 1 + r.nextInt(1 << 19);
      b.addArc(r.nextInt(n), r.nextInt(n), Math.scalb((float) units, 104));
    }
    Graph g = b.build();
    try {
      Planner.refuseFloatOverflow(g);
    } catch (IllegalArgumentException refused) {
      return; // nothing to check: the property is about what is accepted
    }
    double[][] reference = ReferenceShortestPaths.bellmanFord(g);
    for (Algorithm a : ALGORITHMS) {
      DistanceMatrix d = Apsp.solve(g, ApspRequest.defaults().withAlgorithm(a), Progress.NONE).distances();
      for (int u = 0; u < n; u++) {
        for (int v = 0; v < n; v++) {
          if (Double.isFinite(reference[u][v])) {
            assertThat((double) d.get(u, v)).as("%s %d → %d", a, u, v).isEqualTo(reference[u][v]);
          } else {
            assertThat(d.get(u, v)).isInfinite();
          }
        }
      }
    }
  }
}

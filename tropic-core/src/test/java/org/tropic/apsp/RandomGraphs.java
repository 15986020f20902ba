package org.tropic.apsp;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of small graphs that hit the awkward cases: one vertex, no arcs, several components, many
 * zero-weight arcs (so zero-weight cycles), fractional weights, +∞ weights, negative weights without negative
 * cycles (arbitrary non-negative weights shifted by integer vertex potentials, which keeps every cycle's weight and
 * all sums exact in float), and graphs with a negative cycle planted in them.
 */
final class RandomGraphs {
  static final int MAX_VERTICES = 22;

  private RandomGraphs() {}

  /** Non-negative weights, directed or undirected. */
  static Arbitrary<TestGraph> nonNegative() {
    return vertexCount().flatMap(n -> Combinators.combine(
        arcs(n, nonNegativeWeights()), Arbitraries.of(true, false)).as((arcs, undirected) ->
            new TestGraph(n, arcs, undirected)));
  }

  /** Directed, with negative weights but no negative cycle; weights are multiples of 1/8 so sums are exact. */
  static Arbitrary<TestGraph> negativeWithoutCycle() {
    return vertexCount().flatMap(n -> Combinators.combine(
        arcs(n, exactNonNegativeWeights()), potentials(n)).as((arcs, p) -> new TestGraph(n, shift(arcs, p), false)));
  }

  /** Directed, with a negative cycle of 1 to 5 arcs planted among potential-shifted arcs. */
  static Arbitrary<TestGraph> withNegativeCycle() {
    return vertexCount().flatMap(n -> Combinators.combine(
        arcs(n, exactNonNegativeWeights()), potentials(n),
        Arbitraries.integers().between(0, n - 1).list().uniqueElements().ofMinSize(1).ofMaxSize(Math.min(n, 5)),
        Arbitraries.of(0.125f, 1f, 7.5f)).as((arcs, p, cycle, deficit) -> {
          List<TestGraph.Arc> all = new ArrayList<>(shift(arcs, p));
          for (int i = 0; i < cycle.size(); i++) {
            int from = cycle.get(i);
            int to = cycle.get((i + 1) % cycle.size());
            float w = p.get(from) - p.get(to) - (i == cycle.size() - 1 ? deficit : 0f);
            all.add(new TestGraph.Arc(from, to, w));
          }
          return new TestGraph(n, all, false);
        }));
  }

  /** Uniform, not jqwik's default bias toward small values, so that larger graphs come up as often. */
  private static Arbitrary<Integer> vertexCount() {
    return Arbitraries.integers().between(1, MAX_VERTICES).withDistribution(RandomDistribution.uniform());
  }

  private static Arbitrary<List<TestGraph.Arc>> arcs(int n, Arbitrary<Float> weights) {
    Arbitrary<Integer> vertex = Arbitraries.integers().between(0, n - 1);
    return Combinators.combine(vertex, vertex, weights).as(TestGraph.Arc::new).list().ofMaxSize(4 * n)
        .withSizeDistribution(RandomDistribution.uniform());
  }

  private static Arbitrary<Float> nonNegativeWeights() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just(0f)),
        Tuple.of(4, Arbitraries.integers().between(1, 9).map(Integer::floatValue)),
        Tuple.of(4, Arbitraries.floats().between(0f, 100f).ofScale(4)),
        Tuple.of(1, Arbitraries.just(Float.POSITIVE_INFINITY)));
  }

  private static Arbitrary<Float> exactNonNegativeWeights() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just(0f)),
        Tuple.of(4, Arbitraries.integers().between(1, 9).map(Integer::floatValue)),
        Tuple.of(3, Arbitraries.integers().between(0, 400).map(eighths -> eighths / 8f)));
  }

  private static Arbitrary<List<Integer>> potentials(int n) {
    return Arbitraries.integers().between(-20, 20).list().ofSize(n);
  }

  private static List<TestGraph.Arc> shift(List<TestGraph.Arc> arcs, List<Integer> p) {
    List<TestGraph.Arc> shifted = new ArrayList<>(arcs.size());
    for (TestGraph.Arc a : arcs) {
      shifted.add(new TestGraph.Arc(a.from(), a.to(), a.weight() + p.get(a.from()) - p.get(a.to())));
    }
    return shifted;
  }
}

package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.sparse.SharedData;
import org.tropic.sparse.TestGraphs;

class TopEigenpairsTest {

  /** The leading Lanczos pairs against a dense Jacobi decomposition: values, vectors (up to sign), residuals. */
  @Test
  void leadingPairsMatchTheDenseDecomposition() {
    for (String file : new String[] {"graphs/karate.edges.gz", "graphs/dolphins.edges.gz",
        "graphs/football.edges.gz"}) {
      Graph g = TestGraphs.edges(SharedData.file(file));
      Dense.Eigen dense = Dense.jacobi(Dense.adjacency(g));
      int n = g.vertexCount();
      for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
        TopEigenpairs top = TopEigenpairs.compute(sg, 4, 60, 1e-6, 7);
        assertThat(top.count()).as(file).isEqualTo(4);
        for (int j = 0; j < 4; j++) {
          double expected = dense.values()[n - 1 - j];
          assertThat(top.values()[j]).as("%s λ%d", file, j + 1)
              .isCloseTo(expected, within(1e-4 * dense.values()[n - 1]));
          double[] y = sg.permutation().toOld(top.vectors()[j]);
          double overlap = 0;
          for (int i = 0; i < n; i++) {
            overlap += y[i] * dense.vectors()[i][n - 1 - j];
          }
          if (dense.values()[n - 1 - j] - dense.values()[n - 2 - j] > 1e-3) { // a simple eigenvalue: one vector
            assertThat(Math.abs(overlap)).as("%s vector %d", file, j + 1).isCloseTo(1, within(1e-5));
          }
          assertThat(top.residuals()[j]).isLessThan(1e-4 * dense.values()[n - 1]);
        }
      }
    }
  }

  /**
   * Two disjoint copies of a graph have every eigenvalue twice; in exact arithmetic Lanczos from one start would
   * find one of each pair, and rounding brings the other in sooner or later. Whichever it found, the deflated values
   * and the top of what deflation leaves must be the leading eigenvalues with their multiplicity, or the expansion
   * of exp would be fitted to an interval that misses one.
   */
  @Test
  void repeatedEigenvaluesAreDeflatedOrLeftInTheRest() {
    Graph once = TestGraphs.edges(SharedData.file("graphs/karate.edges.gz"));
    int n = once.vertexCount();
    GraphBuilder twice = GraphBuilder.withVertexCount(2 * n);
    for (int u = 0; u < n; u++) {
      for (int a = once.offsets()[u]; a < once.offsets()[u + 1]; a++) {
        twice.addArc(u, once.targets()[a], 1f);
        twice.addArc(n + u, n + once.targets()[a], 1f);
      }
    }
    Graph both = twice.undirected(true).build();
    double[] values = Dense.jacobi(Dense.adjacency(both)).values();
    SparseGraph g = SparseGraph.of(both);
    for (int count = 1; count <= 4; count++) {
      TopEigenpairs top = TopEigenpairs.compute(g, count, 60, 1e-6, 7);
      int k = top.count();
      for (int j = 0; j < k; j++) {
        assertThat(top.values()[j]).as("λ%d of %d deflated", j + 1, k).isCloseTo(values[2 * n - 1 - j],
            within(1e-4));
      }
      SpectrumRange rest = SpectrumRange.compute(g, new SpectrumRange.Options(300, 1e-7, 3), top);
      assertThat(rest.max()).as("the top of the rest after %d", k).isCloseTo(values[2 * n - 1 - k], within(1e-3));
    }
  }

  /** With every deflated pair removed, the rest's top is the next eigenvalue of the dense decomposition. */
  @Test
  void theRestOfTheSpectrumStartsBelowTheDeflatedPairs() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/lesmis.edges.gz"));
    double[] values = Dense.jacobi(Dense.adjacency(g)).values();
    int n = values.length;
    SparseGraph sg = SparseGraph.of(g);
    TopEigenpairs top = TopEigenpairs.compute(sg, 5, 60, 1e-6, 7);
    assertThat(top.count()).isEqualTo(5);
    SpectrumRange rest = SpectrumRange.compute(sg, new SpectrumRange.Options(300, 1e-7, 3), top);
    assertThat(rest.max()).isCloseTo(values[n - 6], within(1e-3 * values[n - 1]));
    assertThat(rest.min()).isCloseTo(values[0], within(1e-3 * values[n - 1]));
  }
}

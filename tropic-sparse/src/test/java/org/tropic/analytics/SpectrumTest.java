package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.sparse.SharedData;
import org.tropic.sparse.TestGraphs;

class SpectrumTest {

  /** The QL eigenvalues of random tridiagonal matrices equal the dense Jacobi ones, eigenvectors' last row too. */
  @Property(tries = 50)
  void tridiagonalEigenvaluesMatchJacobi(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int m) {
    Random r = new Random(seed);
    double[] d = new double[m];
    double[] e = new double[m];
    double[][] dense = new double[m][m];
    for (int i = 0; i < m; i++) {
      d[i] = r.nextGaussian() * 3;
      dense[i][i] = d[i];
      if (i + 1 < m) {
        e[i] = r.nextInt(4) == 0 ? 0 : r.nextGaussian();
        dense[i][i + 1] = e[i];
        dense[i + 1][i] = e[i];
      }
    }
    TridiagonalEigen t = TridiagonalEigen.of(d, e, m);
    Dense.Eigen expected = Dense.jacobi(dense);
    for (int i = 0; i < m; i++) {
      assertThat(t.values[i]).isCloseTo(expected.values()[i], within(1e-9 * (1 + Math.abs(expected.values()[i]))));
    }
    for (int i = 0; i < m; i++) {
      boolean isolated = (i == 0 || Math.abs(expected.values()[i] - expected.values()[i - 1]) > 1e-6)
          && (i == m - 1 || Math.abs(expected.values()[i + 1] - expected.values()[i]) > 1e-6);
      if (isolated) {
        assertThat(Math.abs(t.lastComponents[i])).isCloseTo(Math.abs(expected.vectors()[m - 1][i]), within(1e-6));
      }
    }
  }

  @Test
  void lanczosFindsTheExtremeEigenvaluesOfRealGraphs() {
    for (String file : new String[] {"graphs/karate.edges.gz", "graphs/lesmis.edges.gz",
        "graphs/dolphins.edges.gz", "graphs/football.edges.gz", "graphs/adjnoun.edges.gz"}) {
      Graph g = TestGraphs.edges(SharedData.file(file));
      Dense.Eigen eigen = Dense.jacobi(Dense.adjacency(g));
      double min = eigen.values()[0];
      double max = eigen.values()[g.vertexCount() - 1];
      for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
        SpectrumRange r = SpectrumRange.compute(sg, SpectrumRange.Options.defaults());
        assertThat(r.converged()).as(file).isTrue();
        double scale = Math.max(Math.abs(min), Math.abs(max));
        assertThat(r.max()).as(file).isCloseTo(max, within(1e-4 * scale));
        assertThat(r.min()).as(file).isCloseTo(min, within(1e-4 * scale));
        assertThat(r.max()).isLessThanOrEqualTo(max + 1e-5 * scale);
        assertThat(r.min()).isGreaterThanOrEqualTo(min - 1e-5 * scale);
      }
    }
  }

  @Test
  void lanczosOnGraphsSmallerThanItsStepsOrWithoutArcs() {
    Graph path = org.tropic.graph.GraphBuilder.withVertexCount(3).addEdge(0, 1, 1).addEdge(1, 2, 1).build();
    SpectrumRange r = SpectrumRange.compute(SparseGraph.of(path), SpectrumRange.Options.defaults());
    assertThat(r.max()).isCloseTo(Math.sqrt(2), within(1e-6));
    assertThat(r.min()).isCloseTo(-Math.sqrt(2), within(1e-6));
    Graph empty = org.tropic.graph.GraphBuilder.withVertexCount(4).undirected(true).build();
    SpectrumRange zero = SpectrumRange.compute(SparseGraph.of(empty), SpectrumRange.Options.defaults());
    assertThat(zero.min()).isZero();
    assertThat(zero.max()).isZero();
  }

  @Test
  void directedGraphsAreRefused() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz"));
    assertThatThrownBy(() -> SpectrumRange.compute(SparseGraph.of(g), SpectrumRange.Options.defaults()))
        .hasMessageContaining("symmetric matrix");
  }
}

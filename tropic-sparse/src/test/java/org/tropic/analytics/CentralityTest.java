package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.sparse.SharedData;
import org.tropic.sparse.TestGraphs;

class CentralityTest {

  static SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> jgrapht(Graph g) {
    SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> jg =
        new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
    for (int v = 0; v < g.vertexCount(); v++) {
      jg.addVertex(v);
    }
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        jg.setEdgeWeight(jg.addEdge(u, g.targets()[e]), g.weights()[e]);
      }
    }
    return jg;
  }

  /** LDBC Graphalytics PageRank (d = 0.85, 2 iterations) within the validator's 1e-4 relative tolerance. */
  @Test
  void reproducesLdbcGraphalyticsPageRank() {
    Path dir = SharedData.file("oracles/ldbc-graphalytics-validation");
    for (String[] c : new String[][] {{"example-directed", "true"}, {"example-undirected", "false"}}) {
      Graph g = TestGraphs.ldbc(dir, c[0], Boolean.parseBoolean(c[1]));
      List<String[]> expected = TestGraphs.pairs(dir.resolve(c[0] + "-PR"));
      for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
        PageRank.Result r = PageRank.compute(sg, new PageRank.Options(0.85, 2, 0, false));
        assertThat(r.iterations()).isEqualTo(2);
        for (String[] line : expected) {
          double want = Double.parseDouble(line[1]);
          assertThat(r.scores().get(sg.vertex(line[0]))).as("%s vertex %s", c[0], line[0])
              .isCloseTo(want, within(1e-4 * want));
        }
      }
    }
  }

  /** JGraphT's PageRank (same dangling rule) on a directed graph with dangling vertices, run to convergence. */
  @Test
  void matchesJGraphTPageRankOnADirectedGraphWithDanglingVertices() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz"));
    SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> jg = jgrapht(g);
    Map<Integer, Double> expected = new org.jgrapht.alg.scoring.PageRank<>(jg, 0.85, 500, 1e-12).getScores();
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      PageRank.Result r = PageRank.compute(sg, new PageRank.Options(0.85, 500, 1e-7, false));
      assertThat(r.converged()).isTrue();
      double sum = 0;
      for (int v = 0; v < g.vertexCount(); v++) {
        assertThat(r.scores().get(v)).isCloseTo(expected.get(v), within(2e-6 + 1e-3 * expected.get(v)));
        sum += r.scores().get(v);
      }
      assertThat(sum).isCloseTo(1, within(1e-4));
    }
  }

  @Test
  void weightedPageRankMatchesJGraphTWeighted() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/celegansneural.edges.gz"));
    Map<Integer, Double> expected = new org.jgrapht.alg.scoring.PageRank<>(jgrapht(g), 0.85, 500, 1e-12)
        .getScores();
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      PageRank.Result r = PageRank.compute(sg, new PageRank.Options(0.85, 500, 1e-7, true));
      for (int v = 0; v < g.vertexCount(); v++) {
        assertThat(r.scores().get(v)).isCloseTo(expected.get(v), within(2e-6 + 1e-3 * expected.get(v)));
      }
    }
  }

  /** The dominant eigenvector of the dense adjacency matrix (Jacobi) and JGraphT's power iteration agree with ours. */
  @Test
  void eigenvectorCentralityMatchesDenseEigenvectorAndJGraphT() {
    for (String file : new String[] {"graphs/karate.edges.gz", "graphs/lesmis.edges.gz",
        "graphs/dolphins.edges.gz"}) {
      Graph g = TestGraphs.edges(SharedData.file(file));
      Dense.Eigen eigen = Dense.jacobi(Dense.adjacency(g));
      int n = g.vertexCount();
      double[] dominant = new double[n];
      double sign = Math.signum(eigen.vectors()[0][n - 1]);
      for (int i = 0; i < n; i++) {
        dominant[i] = sign * eigen.vectors()[i][n - 1];
      }
      Map<Integer, Double> jg =
          new org.jgrapht.alg.scoring.EigenvectorCentrality<>(jgrapht(g), 10_000, 1e-12).getScores();
      for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
        EigenvectorCentrality.Result r = EigenvectorCentrality.compute(sg,
            new EigenvectorCentrality.Options(5_000, 1e-7));
        assertThat(r.converged()).as(file).isTrue();
        assertThat(r.eigenvalue()).as(file).isCloseTo(eigen.values()[n - 1], within(1e-4 * eigen.values()[n - 1]));
        for (int v = 0; v < n; v++) {
          assertThat(r.scores().get(v)).as("%s vertex %d", file, v).isCloseTo(dominant[v], within(1e-4));
          assertThat(r.scores().get(v)).isCloseTo(jg.get(v), within(1e-4));
        }
      }
    }
  }

  /**
   * Every layout converges on as-22july06 with the same answer. Cache order used to stall at a change of 1.45e-6,
   * a float32 rounding floor above the 1e-6 tolerance, and never converge.
   */
  @Test
  void eigenvectorCentralityConvergesUnderEveryOrderOnAs22july06() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/as-22july06.edges.gz"));
    org.tropic.sparse.BlockCooOptions base = org.tropic.sparse.BlockCooOptions.defaults();
    EigenvectorCentrality.Result reference = null;
    for (org.tropic.sparse.BlockCooOptions o : List.of(base,
        base.withVertexOrder(org.tropic.sparse.VertexOrder.RCM),
        base.withElementOrder(org.tropic.sparse.ElementOrder.CACHE))) {
      SparseGraph sg = SparseGraph.of(g, o, AnalyticsGraphs.KERNELS);
      EigenvectorCentrality.Result r = EigenvectorCentrality.compute(sg, EigenvectorCentrality.Options.defaults());
      assertThat(r.converged()).as("%s: %s iterations, change %s", o, r.iterations(), r.change()).isTrue();
      assertThat(r.change()).isLessThan(EigenvectorCentrality.float32Floor(g.vertexCount()));
      if (reference == null) {
        reference = r;
        continue;
      }
      for (int v = 0; v < g.vertexCount(); v++) {
        assertThat(r.scores().get(v)).as("%s vertex %d", o, v).isCloseTo(reference.scores().get(v), within(2e-5));
      }
    }
  }

  /**
   * With no arcs the spectral radius is 0; ‖x‖ of the unit start vector rounds below 1 in float32 and the estimate
   * used to print as −1.8e-08.
   */
  @Test
  void eigenvalueOfAGraphWithoutArcsIsZeroNotSlightlyNegative() {
    for (int n : new int[] {3, 7, 10, 1_000}) {
      SparseGraph sg = SparseGraph.of(org.tropic.graph.GraphBuilder.withVertexCount(n).build());
      EigenvectorCentrality.Result r = EigenvectorCentrality.compute(sg, EigenvectorCentrality.Options.defaults());
      assertThat(r.eigenvalue()).as("n = %d", n).isEqualTo(0.0);
      assertThat(r.converged()).isTrue();
    }
  }

  /**
   * A graph whose arcs form no directed cycle has a nilpotent adjacency matrix: no dominant eigenvector, and power
   * iteration ran out of iterations. It is refused before iterating, with why; a cycle anywhere, or an undirected
   * edge (u → v → u), makes a graph fine, and arcs of weight 0 count for nothing.
   */
  @Test
  void eigenvectorCentralityRefusesAGraphWithoutDirectedCycles() {
    Graph dag = org.tropic.graph.GraphBuilder.withVertexCount(5).addArc(0, 1, 1).addArc(0, 2, 1).addArc(1, 3, 1)
        .addArc(2, 3, 1).addArc(3, 4, 1).build();
    for (SparseGraph sg : AnalyticsGraphs.layouts(dag)) {
      assertThatThrownBy(() -> EigenvectorCentrality.compute(sg, EigenvectorCentrality.Options.defaults()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("no directed cycle").hasMessageContaining("more iterations cannot help")
          .hasMessageContaining("Katz centrality or PageRank");
    }
    Graph zeroCycle = org.tropic.graph.GraphBuilder.withVertexCount(3).addArc(0, 1, 1).addArc(1, 2, 1)
        .addArc(2, 0, 0).build();
    assertThatThrownBy(() -> EigenvectorCentrality.compute(SparseGraph.of(zeroCycle),
        EigenvectorCentrality.Options.defaults())).hasMessageContaining("no directed cycle");

    Graph withCycle = org.tropic.graph.GraphBuilder.withVertexCount(5).addArc(0, 1, 1).addArc(1, 2, 1)
        .addArc(2, 1, 1).addArc(2, 3, 1).addArc(4, 0, 1).build();
    Graph edge = org.tropic.graph.GraphBuilder.withVertexCount(3).undirected(true).addEdge(0, 1, 1).build();
    for (Graph g : List.of(withCycle, edge)) {
      EigenvectorCentrality.Result r = EigenvectorCentrality.compute(SparseGraph.of(g),
          new EigenvectorCentrality.Options(5_000, 1e-6));
      assertThat(r.converged()).isTrue();
      assertThat(r.eigenvalue()).isCloseTo(1, within(1e-3));
    }
  }

  /** Katz against the dense solve of (I − αAᵀ)x = β·1, and JGraphT's KatzCentrality, directed and undirected. */
  @Test
  void katzMatchesTheDenseSolveAndJGraphT() {
    for (String file : new String[] {"graphs/karate.edges.gz", "graphs/celegansneural.edges.gz"}) {
      Graph g = TestGraphs.edges(SharedData.file(file));
      int n = g.vertexCount();
      double[][] at = Dense.transpose(Dense.adjacency(g));
      double lambda = spectralRadius(Dense.adjacency(g));
      double alpha = 0.5 / lambda;
      double[][] m = new double[n][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          m[i][j] = (i == j ? 1 : 0) - alpha * at[i][j];
        }
      }
      double[] ones = new double[n];
      java.util.Arrays.fill(ones, 2.0);
      double[] expected = Dense.solve(m, ones);
      Map<Integer, Double> jg =
          new org.jgrapht.alg.scoring.KatzCentrality<>(jgrapht(g), alpha, v -> 2.0, 10_000, 1e-10).getScores();
      for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
        KatzCentrality.Result r = KatzCentrality.compute(sg,
            new KatzCentrality.Options(alpha, 2, 10_000, 1e-6));
        assertThat(r.converged()).isTrue();
        assertThat(r.radius().upper()).isGreaterThanOrEqualTo(lambda * (1 - 1e-5));
        assertThat(r.radius().value()).isCloseTo(lambda, within(2e-3 * lambda));
        for (int v = 0; v < n; v++) {
          assertThat(r.scores().get(v)).as("%s vertex %d", file, v)
              .isCloseTo(expected[v], within(1e-4 * expected[v]));
          assertThat(r.scores().get(v)).isCloseTo(jg.get(v), within(1e-4 * expected[v]));
        }
      }
    }
  }

  @Test
  void katzRefusesAnAlphaAtOrAboveOneOverLambdaMaxWithTheNumbers() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/karate.edges.gz"));
    double lambda = spectralRadius(Dense.adjacency(g));
    SparseGraph sg = SparseGraph.of(g);
    assertThatThrownBy(() -> KatzCentrality.compute(sg,
        KatzCentrality.Options.withAlpha(1.01 / lambda)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(String.format("%.6g", 1.01 / lambda))
        .hasMessageContaining("1/λmax = " + String.format("%.4g", 1 / lambda).substring(0, 5))
        .hasMessageContaining("Lanczos");
    Graph directed = TestGraphs.edges(SharedData.file("graphs/celegansneural.edges.gz"));
    double rho = spectralRadius(Dense.adjacency(directed));
    assertThatThrownBy(() -> KatzCentrality.compute(SparseGraph.of(directed),
        KatzCentrality.Options.withAlpha(1.001 / rho)))
        .hasMessageContaining("Collatz–Wielandt");
  }

  @Test
  void katzDefaultAlphaOnADagComesFromTheLargestInDegreeAndGivesTheExactSeries() {
    // 0→1, 1→2, 0→2, 2→3: λmax = 0, largest in-degree 2 (vertex 2), so α = 0.25
    org.tropic.graph.GraphBuilder b = org.tropic.graph.GraphBuilder.withVertexCount(4);
    b.addArc(0, 1, 1f).addArc(1, 2, 1f).addArc(0, 2, 1f).addArc(2, 3, 1f);
    SparseGraph sg = SparseGraph.of(b.build());
    SpectralRadius radius = SpectralRadius.of(sg);
    // exactly 0, by the topological sort: power iteration reported its creeping upper bound, 0.001 after 2,000 steps
    assertThat(radius).isEqualTo(new SpectralRadius(0, 0, 0, "exact: no directed cycle through arcs of positive"
        + " weight", 0));
    KatzCentrality.DefaultAlpha chosen = KatzCentrality.defaultAlpha(sg, radius);
    assertThat(chosen.rule()).isEqualTo(KatzCentrality.HALF_OVER_MAX_IN_WEIGHT);
    double alpha = chosen.value();
    assertThat(alpha).isEqualTo(0.25);
    KatzCentrality.Result r = KatzCentrality.compute(sg, new KatzCentrality.Options(alpha, 1, 100, 1e-9), radius);
    double x0 = 1;
    double x1 = 1 + alpha * x0;
    double x2 = 1 + alpha * (x0 + x1);
    double x3 = 1 + alpha * x2;
    double[] expected = {x0, x1, x2, x3};
    for (int v = 0; v < 4; v++) {
      assertThat(r.scores().get(v)).as("vertex %d", v).isCloseTo(expected[v], within(1e-6));
    }
  }

  @Test
  void katzDefaultAlphaIsHalfOverLambdaMaxWhenTheGraphHasCycles() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/karate.edges.gz"));
    SparseGraph sg = SparseGraph.of(g);
    SpectralRadius radius = SpectralRadius.of(sg);
    assertThat(KatzCentrality.defaultAlpha(sg, radius))
        .isEqualTo(new KatzCentrality.DefaultAlpha(0.5 / radius.value(), KatzCentrality.HALF_OVER_LAMBDA_MAX));
  }

  /**
   * A hub with 200 in-arcs, one arc back to a leaf and a 3-cycle among the leaves: λmax = 1, far below 1% of the
   * largest in-degree, which the earlier rule took for a DAG (α = 0.5/200 instead of 0.5).
   */
  @Test
  void katzDefaultAlphaIsHalfOverLambdaMaxOnAHubHeavyGraphWithCycles() {
    int hub = 200;
    org.tropic.graph.GraphBuilder b = org.tropic.graph.GraphBuilder.withVertexCount(hub + 1);
    for (int leaf = 0; leaf < hub; leaf++) {
      b.addArc(leaf, hub, 1f);
    }
    b.addArc(hub, 0, 1f).addArc(1, 2, 1f).addArc(2, 3, 1f).addArc(3, 1, 1f);
    SparseGraph sg = SparseGraph.of(b.build());
    SpectralRadius radius = SpectralRadius.of(sg);
    assertThat(radius.value()).isCloseTo(1, within(1e-3));
    KatzCentrality.DefaultAlpha alpha = KatzCentrality.defaultAlpha(sg, radius);
    assertThat(alpha.rule()).isEqualTo(KatzCentrality.HALF_OVER_LAMBDA_MAX);
    assertThat(alpha.value()).isEqualTo(0.5 / radius.value());
    assertThat(KatzCentrality.compute(sg, KatzCentrality.Options.withAlpha(alpha.value()), radius).converged())
        .isTrue();
  }

  @Test
  void centralitiesRefuseNegativeWeights() {
    org.tropic.graph.GraphBuilder b = org.tropic.graph.GraphBuilder.withVertexCount(3);
    b.addArc(0, 1, -1f).addArc(1, 2, 1f);
    SparseGraph sg = SparseGraph.of(b.build());
    assertThatThrownBy(() -> EigenvectorCentrality.compute(sg,
        EigenvectorCentrality.Options.defaults())).hasMessageContaining("weight -1");
  }

  /**
   * The refusal names the arc that carries the negative weight, by name and in original ids, in every layout (RCM
   * renumbers the stored rows): "this graph has weight -2.0" left the user to search the file for it.
   */
  @Test
  void negativeWeightRefusalNamesTheArc() {
    org.tropic.graph.GraphBuilder b = org.tropic.graph.GraphBuilder.labelled();
    for (int i = 0; i < 40; i++) {
      b.addArc(b.vertex("v" + i), b.vertex("v" + (i + 1)), 1f);
    }
    b.addArc(b.vertex("v7"), b.vertex("v31"), -2f);
    for (SparseGraph sg : AnalyticsGraphs.layouts(b.build())) {
      assertThatThrownBy(() -> PageRank.compute(sg, new PageRank.Options(0.85, 10, 1e-6, true)))
          .hasMessageContaining("weighted PageRank needs non-negative arc weights; this graph has weight -2.0 on"
              + " the arc v7 → v31");
    }
  }

  /** ρ(A) of a non-negative matrix: the largest |λ| for symmetric, else by dense power iteration on A + I. */
  static double spectralRadius(double[][] a) {
    int n = a.length;
    boolean symmetric = true;
    for (int i = 0; i < n && symmetric; i++) {
      for (int j = 0; j < n; j++) {
        symmetric &= a[i][j] == a[j][i];
      }
    }
    if (symmetric) {
      Dense.Eigen e = Dense.jacobi(a);
      return Math.max(Math.abs(e.values()[0]), Math.abs(e.values()[n - 1]));
    }
    double[] x = new double[n];
    java.util.Arrays.fill(x, 1);
    double lambda = 0;
    for (int it = 0; it < 200_000; it++) {
      double[] y = Dense.multiply(a, x);
      double norm = 0;
      for (int i = 0; i < n; i++) {
        y[i] += x[i];
        norm = Math.max(norm, y[i]);
      }
      for (int i = 0; i < n; i++) {
        y[i] /= norm;
      }
      if (Math.abs(norm - 1 - lambda) < 1e-13 * norm) {
        return norm - 1;
      }
      lambda = norm - 1;
      x = y;
    }
    return lambda;
  }
}

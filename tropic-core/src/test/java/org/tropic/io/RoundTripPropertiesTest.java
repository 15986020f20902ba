package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.ReadOptions.Weights;

/** A random graph written by {@link GraphWriter} and read back by {@link GraphReader} is the same graph. */
class RoundTripPropertiesTest {

  @Property(tries = 60)
  void matrixMarketRoundTripKeepsIdsArcsAndWeights(@ForAll @IntRange(min = 1, max = 40) int n,
      @ForAll @IntRange(max = 200) int edges, @ForAll boolean undirected, @ForAll boolean negative,
      @ForAll long seed) throws IOException {
    Graph original = randomGraph(n, edges, undirected, negative, false, seed);
    Path dir = Files.createTempDirectory("tropic-mtx");
    try {
      Path file = dir.resolve("g.mtx");
      GraphWriter.writeMatrixMarket(original, file);

      Graph read = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.AS_WRITTEN));

      assertThat(read.vertexCount()).isEqualTo(original.vertexCount());
      assertThat(read.offsets()).isEqualTo(original.offsets());
      assertThat(read.targets()).isEqualTo(original.targets());
      assertThat(read.weights()).isEqualTo(original.weights());
      assertThat(read.undirected()).isEqualTo(original.undirected());
      assertThat(read.fingerprint()).isEqualTo(original.fingerprint());
    } finally {
      deleteTree(dir);
    }
  }

  @Property(tries = 60)
  void edgeListRoundTripKeepsNamedArcsAndWeights(@ForAll @IntRange(min = 1, max = 40) int n,
      @ForAll @IntRange(min = 1, max = 200) int edges, @ForAll boolean undirected, @ForAll boolean labelled,
      @ForAll boolean gzip, @ForAll long seed) throws IOException {
    Graph original = randomGraph(n, edges, undirected, true, labelled, seed);
    Path dir = Files.createTempDirectory("tropic-edges");
    try {
      Path file = dir.resolve(gzip ? "g.edges.gz" : "g.edges");
      if (original.arcCount() == 0) {
        assertThatThrownBy(() -> GraphWriter.writeEdgeList(original, file))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without arcs");
        assertThat(file).doesNotExist();
        return;
      }
      GraphWriter.writeEdgeList(original, file);
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files).as("no temporary file left").containsExactly(file);
      }

      Graph read = GraphReader.read(file);

      assertThat(read.undirected()).isEqualTo(original.undirected());
      assertThat(read.arcCount()).isEqualTo(original.arcCount());
      int withArcs = 0;
      for (int u = 0; u < original.vertexCount(); u++) {
        if (hasArc(original, u)) {
          withArcs++;
          int ru = read.vertex(original.name(u));
          for (int a = original.offsets()[u]; a < original.offsets()[u + 1]; a++) {
            int rv = read.vertex(original.name(original.targets()[a]));
            assertThat(read.weight(ru, rv)).isEqualTo(original.weights()[a]);
          }
        }
      }
      assertThat(read.vertexCount()).as("vertices that have an arc").isEqualTo(withArcs);
    } finally {
      deleteTree(dir);
    }
  }

  /** Random arcs with integral or fractional weights (negative ones if asked), plain ids or shuffled string names. */
  private static Graph randomGraph(int n, int edges, boolean undirected, boolean negative, boolean labelled,
      long seed) {
    Random random = new Random(seed);
    GraphBuilder builder;
    if (labelled) {
      builder = GraphBuilder.labelled();
      for (int i = 0; i < n; i++) {
        builder.vertex("v" + Integer.toHexString(random.nextInt()) + "_" + i);
      }
    } else {
      builder = GraphBuilder.withVertexCount(n);
    }
    builder.undirected(undirected);
    for (int e = 0; e < edges; e++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      if (u == v) {
        continue;
      }
      float w = random.nextBoolean() ? random.nextInt(1000) : random.nextFloat() * 1e3f;
      if (negative && random.nextInt(5) == 0) {
        w = -w;
      }
      if (w == 0) {
        w = 0f;
      }
      if (undirected) {
        builder.addEdge(u, v, w);
      } else {
        builder.addArc(u, v, w);
      }
    }
    return builder.build();
  }

  private static boolean hasArc(Graph g, int u) {
    if (g.outDegree(u) > 0) {
      return true;
    }
    for (int v = 0; v < g.vertexCount(); v++) {
      if (g.weight(v, u) != Float.POSITIVE_INFINITY) {
        return true;
      }
    }
    return false;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}

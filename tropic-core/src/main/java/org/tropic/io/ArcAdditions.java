package org.tropic.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tropic.apsp.IncrementalUpdate;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.graph.VertexLabels;

/**
 * A graph with the arcs of a file added: the graph a {@code tropic update} result belongs to, built the same way by
 * the update and by every later reader of its sidecar, so its vertex ids and fingerprint come out the same. The file
 * is read like any graph (format, header, weight rule; an undirected graph's edges give arcs both ways) and names
 * its vertices as {@code tropic query} does: by label, or by 0-based id in a graph without labels. A name the graph
 * does not have is a new vertex, numbered after the old ones in the order the file's graph numbers them; a graph
 * without labels takes none. Of parallel arcs the lightest counts, as when a graph is read, so an added arc never
 * makes a path longer.
 *
 * @param graph the graph with the arcs added
 * @param arcs the file's arcs in {@code graph}'s ids (both ways for an undirected graph's edges)
 * @param newVertices how many vertices the file added, numbered from the old vertex count on
 * @param source how the file was read
 */
public record ArcAdditions(Graph graph, List<IncrementalUpdate.Arc> arcs, int newVertices, GraphSource source) {

  public ArcAdditions {
    Objects.requireNonNull(graph, "graph");
    arcs = List.copyOf(arcs);
  }

  /**
   * Reads {@code file} with {@code options} (their direction should be the graph's) and adds its arcs to
   * {@code base}.
   *
   * @throws GraphInputException naming the file and the vertex when a graph without labels is given a name that is
   *     not one of its ids, or the file is bad input as a graph
   */
  public static ArcAdditions read(Graph base, Path file, ReadOptions options) throws IOException {
    LoadedGraph loaded = GraphReader.load(file, options);
    return merge(base, loaded.graph(), loaded.source());
  }

  /**
   * {@code base} with the arcs of each file a result's sidecar records as added ({@link Sidecar#addedArcs()}), in
   * order: the graph the result's distances belong to.
   *
   * @throws java.nio.file.NoSuchFileException naming a file that is gone
   */
  public static Graph replay(Graph base, List<Sidecar.GraphInput> additions) throws IOException {
    Graph graph = base;
    for (Sidecar.GraphInput added : additions) {
      Path file = Path.of(added.path());
      if (!java.nio.file.Files.exists(file)) {
        throw new java.nio.file.NoSuchFileException(added.path(), null, "the arcs a 'tropic update' added to the"
            + " result's graph are no longer there");
      }
      graph = read(graph, file, added.toReadOptions()).graph();
    }
    return graph;
  }

  /** Adds {@code added}'s arcs, matched to {@code base}'s vertices by name, to {@code base}. */
  static ArcAdditions merge(Graph base, Graph added, GraphSource source) throws GraphInputException {
    int oldN = base.vertexCount();
    VertexLabels labels = base.labels();
    GraphBuilder builder;
    int[] idOf = new int[added.vertexCount()];
    if (labels == null) {
      builder = GraphBuilder.withVertexCount(oldN);
      for (int u = 0; u < idOf.length; u++) {
        idOf[u] = idWithoutLabels(base, added.name(u), source);
      }
    } else {
      builder = GraphBuilder.labelled();
      for (int u = 0; u < oldN; u++) {
        builder.vertex(labels.name(u));
      }
      for (int u = 0; u < idOf.length; u++) {
        idOf[u] = builder.vertex(added.name(u));
      }
    }
    builder.undirected(base.undirected());
    int[] offsets = base.offsets();
    int[] targets = base.targets();
    float[] weights = base.weights();
    for (int u = 0; u < oldN; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        builder.addArc(u, targets[a], weights[a]);
      }
    }
    List<IncrementalUpdate.Arc> arcs = new ArrayList<>(added.arcCount());
    int[] addedOffsets = added.offsets();
    int[] addedTargets = added.targets();
    float[] addedWeights = added.weights();
    for (int u = 0; u < idOf.length; u++) {
      for (int a = addedOffsets[u]; a < addedOffsets[u + 1]; a++) {
        IncrementalUpdate.Arc arc = new IncrementalUpdate.Arc(idOf[u], idOf[addedTargets[a]], addedWeights[a]);
        builder.addArc(arc.source(), arc.target(), arc.weight());
        arcs.add(arc);
      }
    }
    int newVertices = builder.vertexCount() - oldN;
    return new ArcAdditions(builder.build(), arcs, newVertices, source);
  }

  private static int idWithoutLabels(Graph base, String name, GraphSource source)
      throws GraphInputException {
    try {
      int id = Integer.parseInt(name.strip());
      if (id >= 0 && id < base.vertexCount()) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new GraphInputException(source.name(), 0, "names vertex '" + name + "', which the graph does not have",
        name, "ids 0.." + (base.vertexCount() - 1) + " (0-based, as 'tropic query' names them: Matrix Market row k"
            + " and DIMACS node k are id k − 1); a graph without labels takes no new vertices");
  }
}

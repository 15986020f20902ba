package org.tropic.io;

import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.tropic.apsp.AffectedRows;
import org.tropic.apsp.IncrementalUpdate;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.graph.VertexLabels;

/**
 * A graph with the arcs of a file added, replaced or removed: the graph a {@code tropic update} result belongs to,
 * built the same way by the update and by every later reader of its sidecar, so its vertex ids and fingerprint come
 * out the same. The file is read like any graph (format, header, weight rule; an undirected graph's edges give arcs
 * both ways) and names its vertices as {@code tropic query} does: by label, or by 0-based id in a graph without
 * labels. A name the graph does not have is a new vertex, numbered after the old ones in the order the file's graph
 * numbers them; a graph without labels takes none, and a removal none either.
 *
 * <p>The change splits into what {@link IncrementalUpdate} handles, arcs that may shorten paths ({@link #lowered}),
 * and what {@link AffectedRows} handles, arcs that may lengthen them ({@link #raised}), with the graph between
 * ({@link #raisedOnly}): the old one with only the raised arcs changed.
 *
 * @param graph the graph with the change made
 * @param arcs the file's arcs in {@code graph}'s ids (both ways for an undirected graph's edges), as it lists them
 * @param raisedOnly the old graph with only the raised and removed arcs changed (the old vertices only)
 * @param lowered added arcs and arcs made lighter, in {@code graph}'s ids, at their new weights
 * @param raised arcs made heavier or removed, at their old weights
 * @param newVertices how many vertices the file added, numbered from the old vertex count on
 * @param source how the file was read
 */
public record ArcChanges(Graph graph, List<IncrementalUpdate.Arc> arcs, Graph raisedOnly,
    List<IncrementalUpdate.Arc> lowered, List<AffectedRows.RaisedArc> raised, int newVertices, GraphSource source) {

  /** What a file's arcs do to the graph. */
  public enum Kind {
    /** Join the graph; of parallel arcs the lightest counts, so no path gets longer. */
    ADD,
    /** Take the place of the graph's arcs between the same vertices, at the file's weight, lighter or heavier. */
    REPLACE,
    /** Leave the graph; the file's weights are not read. */
    REMOVE;

    /** The name a sidecar records ({@code null} for {@link #ADD}, which sidecars written before kinds imply). */
    public String recorded() {
      return this == ADD ? null : name().toLowerCase(Locale.ROOT);
    }

    /** The change as done, {@code added}, {@code replaced}, {@code removed}: what 'update' and 'info' report. */
    public String done() {
      return switch (this) {
        case ADD -> "added";
        case REPLACE -> "replaced";
        case REMOVE -> "removed";
      };
    }

    /** The kind a sidecar records, {@code null} read as {@link #ADD}. */
    public static Kind ofRecorded(String name) {
      return name == null ? ADD : valueOf(name.toUpperCase(Locale.ROOT));
    }
  }

  public ArcChanges {
    Objects.requireNonNull(graph, "graph");
    Objects.requireNonNull(raisedOnly, "raisedOnly");
    arcs = List.copyOf(arcs);
    lowered = List.copyOf(lowered);
    raised = List.copyOf(raised);
  }

  /**
   * Reads {@code file} with {@code options} (their direction should be the graph's) and makes its change to
   * {@code base}.
   *
   * @throws GraphInputException naming the file and the vertex or arc when it names a vertex a graph without labels
   *     (or a removal) cannot take, or an arc to remove that the graph does not have, or is bad input as a graph
   */
  public static ArcChanges read(Graph base, Path file, ReadOptions options, Kind kind) throws IOException {
    ReadOptions read = kind == Kind.REMOVE ? options.withWeights(ReadOptions.Weights.UNIT) : options;
    LoadedGraph loaded = GraphReader.load(file, read);
    return change(base, loaded.graph(), loaded.source(), kind,
        (from, to) -> MentionedLine.find(file, loaded.source(), from, to, false));
  }

  /**
   * The line of the arcs file that names a vertex ({@code to} null) or an arc, written {@code from to}; 0 where none
   * is known.
   */
  interface LineOf {
    long line(String from, String to);
  }

  /**
   * {@code base} with the change of each file a result's sidecar records ({@link Sidecar#addedArcs()}), in order:
   * the graph the result's distances belong to.
   *
   * @throws NoSuchFileException naming a file that is gone
   */
  public static Graph replay(Graph base, List<Sidecar.GraphInput> changes) throws IOException {
    Graph graph = base;
    for (Sidecar.GraphInput change : changes) {
      Path file = Path.of(change.path());
      if (!Files.exists(file)) {
        throw new NoSuchFileException(change.path(), null, "the arcs a 'tropic update' changed in the result's"
            + " graph are no longer there");
      }
      graph = read(graph, file, change.toReadOptions(), Kind.ofRecorded(change.change())).graph();
    }
    return graph;
  }

  /** Makes the change of {@code file}'s arcs, matched to {@code base}'s vertices by name, to {@code base}. */
  static ArcChanges change(Graph base, Graph file, GraphSource source, Kind kind, LineOf lineOf)
      throws GraphInputException {
    int oldN = base.vertexCount();
    GraphBuilder builder = builderWithVerticesOf(base);
    int[] idOf = new int[file.vertexCount()];
    for (int u = 0; u < idOf.length; u++) {
      idOf[u] = base.labels() == null ? idWithoutLabels(base, file.name(u), source, lineOf)
          : builder.vertex(file.name(u));
      if (kind == Kind.REMOVE && idOf[u] >= oldN) {
        throw new GraphInputException(source.name(), lineOf.line(file.name(u), null), "names a vertex among the"
            + " arcs to remove which the graph does not have", file.name(u), "a vertex of the graph, as 'tropic"
            + " query' names it" + base.labels().hint(file.name(u))); // ids past oldN: a graph with labels
      }
    }
    List<IncrementalUpdate.Arc> arcs = arcsOf(file, idOf);
    long width = Math.max(oldN, builder.vertexCount());
    Long2DoubleOpenHashMap given = new Long2DoubleOpenHashMap();
    given.defaultReturnValue(Double.NaN); // float weights, held exactly as doubles
    for (IncrementalUpdate.Arc arc : arcs) {
      given.mergeDouble(arc.source() * width + arc.target(), arc.weight(), Math::min);
    }
    Long2DoubleOpenHashMap old = new Long2DoubleOpenHashMap();
    old.defaultReturnValue(Double.POSITIVE_INFINITY);
    GraphBuilder raisedOnly = GraphBuilder.withVertexCount(oldN).undirected(base.undirected());
    forEachArc(base, (u, v, w) -> {
      long pair = u * width + v;
      boolean changed = kind != Kind.ADD && given.containsKey(pair);
      if (changed) {
        old.mergeDouble(pair, w, Math::min);
      } else {
        builder.addArc(u, v, w);
        raisedOnly.addArc(u, v, w);
      }
    });
    if (kind == Kind.REMOVE) {
      requireArcsOfTheGraph(base, arcs, width, old, source, lineOf);
    }
    List<IncrementalUpdate.Arc> lowered = new ArrayList<>();
    List<AffectedRows.RaisedArc> raised = new ArrayList<>();
    if (kind == Kind.ADD) {
      lowered.addAll(arcs);
    }
    for (var entry : given.long2DoubleEntrySet()) {
      int u = (int) (entry.getLongKey() / width);
      int v = (int) (entry.getLongKey() % width);
      float before = (float) old.get(entry.getLongKey());
      float after = kind == Kind.REMOVE ? Float.POSITIVE_INFINITY : (float) entry.getDoubleValue();
      if (after != Float.POSITIVE_INFINITY) {
        builder.addArc(u, v, after);
      }
      if (kind == Kind.REPLACE && after < before) {
        lowered.add(new IncrementalUpdate.Arc(u, v, after));
        if (before != Float.POSITIVE_INFINITY) {
          raisedOnly.addArc(u, v, before);
        }
      } else if (after > before) {
        raised.add(new AffectedRows.RaisedArc(u, v, before));
        if (after != Float.POSITIVE_INFINITY) {
          raisedOnly.addArc(u, v, after);
        }
      } else if (kind == Kind.REPLACE) {
        raisedOnly.addArc(u, v, before); // the same weight: nothing changes
      }
    }
    return new ArcChanges(builder.build(), arcs, raisedOnly.build(), lowered, raised, builder.vertexCount() - oldN,
        source);
  }

  /**
   * Refuses the first arc to remove that the graph lacks, named as the file writes it: an undirected edge gives arcs
   * both ways, and the line found decides which way round the error quotes it.
   */
  private static void requireArcsOfTheGraph(Graph base, List<IncrementalUpdate.Arc> arcs, long width,
      Long2DoubleOpenHashMap old, GraphSource source, LineOf lineOf) throws GraphInputException {
    for (IncrementalUpdate.Arc arc : arcs) {
      if (!old.containsKey(arc.source() * width + arc.target())) {
        String u = base.name(arc.source());
        String v = base.name(arc.target());
        long line = lineOf.line(u, v);
        long reversed = base.undirected() ? lineOf.line(v, u) : 0;
        if (reversed > 0 && (line == 0 || reversed < line)) {
          String t = u;
          u = v;
          v = t;
          line = reversed;
        }
        throw new GraphInputException(source.name(), line, "names the arc " + u + " → " + v
            + " to remove, which the graph does not have", u + " " + v,
            "an arc of the graph" + (base.undirected() ? " (an edge, either way round)" : ""));
      }
    }
  }

  private static GraphBuilder builderWithVerticesOf(Graph base) {
    VertexLabels labels = base.labels();
    if (labels == null) {
      return GraphBuilder.withVertexCount(base.vertexCount()).undirected(base.undirected());
    }
    GraphBuilder builder = GraphBuilder.labelled().undirected(base.undirected());
    for (int u = 0; u < base.vertexCount(); u++) {
      builder.vertex(labels.name(u));
    }
    return builder;
  }

  /** The file's arcs in the ids {@code idOf} gives its vertices, in the file graph's order. */
  private static List<IncrementalUpdate.Arc> arcsOf(Graph file, int[] idOf) {
    List<IncrementalUpdate.Arc> arcs = new ArrayList<>(file.arcCount());
    forEachArc(file, (u, v, w) -> arcs.add(new IncrementalUpdate.Arc(idOf[u], idOf[v], w)));
    return arcs;
  }

  @FunctionalInterface
  private interface ArcVisitor {
    void arc(int u, int v, float w);
  }

  private static void forEachArc(Graph graph, ArcVisitor visitor) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        visitor.arc(u, targets[a], weights[a]);
      }
    }
  }

  private static int idWithoutLabels(Graph base, String name, GraphSource source, LineOf lineOf)
      throws GraphInputException {
    try {
      int id = Integer.parseInt(name.strip());
      if (id >= 0 && id < base.vertexCount()) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new GraphInputException(source.name(), lineOf.line(name, null), "names vertex '" + name + "', which the"
        + " graph does not have",
        name, "ids 0.." + (base.vertexCount() - 1) + " (0-based, as 'tropic query' names them: Matrix Market row k"
            + " and DIMACS node k are id k − 1); a graph without labels takes no new vertices");
  }
}

package org.tropic.cli.kg;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.tropic.graph.Graph;
import org.tropic.io.GraphInputException;
import org.tropic.io.Sidecar;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraphStore;

/**
 * The graph a stored knowledge graph's APSP ({@code kg build --apsp}) was solved on, for readers outside the kg
 * commands: {@code tropic query KG/apsp.npy path} rebuilds it from the directory and the edge kinds its sidecar
 * records, as the graph file of a {@code tropic apsp} result is read again.
 */
public final class StoredGraphs {
  /** The {@code format} a knowledge graph's APSP sidecar records for its graph. */
  public static final String FORMAT = "KNOWLEDGE_GRAPH";

  private StoredGraphs() {
  }

  /** Whether {@code path} is a stored knowledge graph's directory (it holds the manifest). */
  public static boolean isStoredGraph(Path path) {
    return Files.isRegularFile(path.resolve(KnowledgeGraphStore.MANIFEST));
  }

  /**
   * For a name that is no vertex of a knowledge graph's APSP ({@code sidecar} names a stored graph): which node ids
   * it may mean, as {@link org.tropic.kg.KnowledgeGraph#idHint} says ({@code "; 'multiple sclerosis' is the name
   * of DOID:2377: give its id"}); {@code ""} for any other result, or where the graph cannot be read. Reads the
   * graph: for error messages only.
   */
  public static String idHint(Sidecar sidecar, String name) {
    Sidecar.GraphInput input = sidecar == null ? null : sidecar.graph();
    if (input == null || !FORMAT.equals(input.format()) || input.path() == null
        || !isStoredGraph(Path.of(input.path()))) {
      return "";
    }
    try {
      return KnowledgeGraphStore.read(Path.of(input.path())).idHint(name);
    } catch (IOException | RuntimeException e) {
      return ""; // the hint is a courtesy: the unknown name is the error
    }
  }

  /**
   * The view of the stored graph in {@code directory} over {@code kinds} (the sidecar's {@code weights}, e.g.
   * {@code concept-concept}), labelled by node id.
   *
   * @throws GraphInputException if the kinds cannot be read or the stored graph is damaged
   */
  public static Graph view(Path directory, String kinds) throws IOException {
    Set<EdgeKind> parsed;
    try {
      parsed = EdgeKind.parseList(kinds == null ? "all" : kinds);
    } catch (IllegalArgumentException e) {
      throw new GraphInputException(directory.toString(), 0, "the edge kinds its APSP sidecar records cannot be"
          + " read (" + e.getMessage() + ")", kinds, "kinds such as concept-concept, as 'kg build --apsp' records");
    }
    return KnowledgeGraphStore.read(directory).view(parsed).graph();
  }
}

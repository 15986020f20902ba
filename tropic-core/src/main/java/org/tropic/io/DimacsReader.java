package org.tropic.io;

import java.io.IOException;
import java.util.Locale;
import org.tropic.graph.GraphBuilder;

/**
 * Reads DIMACS graphs: the 9th DIMACS Implementation Challenge shortest-path format ({@code p sp n m}, then
 * {@code a u v w} arc lines; directed, weighted) and the PACE 2016 treewidth format used for road graphs
 * ({@code p tw n m}, then {@code u v} edge lines; undirected, each edge of weight 1). Lines starting with {@code c}
 * are comments. Node {@code k} becomes vertex {@code k − 1}; no labels. The {@code p} line must come before any
 * arc, and the number of arc or edge lines must equal {@code m}.
 *
 * <p>One pass, constant memory per line; O(m) time.
 */
final class DimacsReader {
  private static final String HEADER_EXPECTED = "a problem line 'p sp <nodes> <arcs>' or 'p tw <nodes> <edges>'";

  private DimacsReader() {}

  static ParsedGraph read(LineReader lines, ReadOptions options) throws IOException {
    Fields fields = new Fields();
    long problemLine = 0;
    boolean shortestPath = false;
    long nodes = 0;
    long declared = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1 || isComment(lines)) {
        continue;
      }
      fields.splitWhitespace(lines.data(), lines.start(), lines.end());
      if (!fields.equalsIgnoreCase(0, "p")) {
        throw lines.lineError("missing DIMACS problem line before the first arc", HEADER_EXPECTED);
      }
      if (fields.count() != 4 || !(fields.equalsIgnoreCase(1, "sp") || fields.equalsIgnoreCase(1, "tw"))) {
        throw lines.lineError("unsupported DIMACS problem line", HEADER_EXPECTED);
      }
      shortestPath = fields.equalsIgnoreCase(1, "sp");
      nodes = Numbers.parseCount(lines, fields, 2, "node count");
      declared = Numbers.parseCount(lines, fields, 3, shortestPath ? "arc count" : "edge count");
      if (nodes >= Integer.MAX_VALUE) {
        throw lines.fieldError("too many nodes", fields.text(2), "fewer than 2^31 - 1 nodes");
      }
      problemLine = lines.lineNumber();
      break;
    }
    if (problemLine == 0) {
      throw lines.endError("missing DIMACS problem line: the input has no 'p' line", HEADER_EXPECTED);
    }

    ReadOptions.Weights rule = !shortestPath || options.weights() == ReadOptions.Weights.UNIT
        ? ReadOptions.Weights.UNIT
        : options.weights() == ReadOptions.Weights.DEFAULT ? ReadOptions.Weights.AS_WRITTEN : options.weights();
    ParsedGraph.Direction direction = ParsedGraph.Direction.resolve(options.direction(), !shortestPath,
        shortestPath ? "DIMACS 'p sp' (arcs)" : "DIMACS 'p tw' (edges)");
    ReadMemory.require(lines, direction.undirected() ? 2 * declared : declared, nodes, String.format(Locale.ROOT,
        "the problem line (line %d) declares %,d %s", problemLine, declared, shortestPath ? "arcs"
            : direction.undirected() ? "edges, of two arcs each" : "edges"));
    GraphBuilder builder = GraphBuilder.withVertexCount((int) nodes).undirected(direction.undirected())
        .expectingArcs(direction.undirected() ? 2 * declared : declared); // at most: a loop edge adds one
    String range = "the problem line (line " + problemLine + ")";
    String shape = shortestPath ? "'a <from> <to> <weight>'" : "'<node> <node>'";
    int nodeField = shortestPath ? 1 : 0;
    int fieldCount = shortestPath ? 4 : 2;
    String one = shortestPath ? "arc" : "edge";
    String what = one + "s";
    long read = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1 || isComment(lines)) {
        continue;
      }
      fields.splitWhitespace(lines.data(), lines.start(), lines.end());
      if (fields.count() != fieldCount || (shortestPath && !fields.equalsIgnoreCase(0, "a"))) {
        String problem = fields.equalsIgnoreCase(0, "p") ? "a second DIMACS problem line" : "malformed line";
        throw lines.lineError(problem, shape + " after " + range);
      }
      if (read == declared) {
        throw lines.lineError("more " + what + " than the " + declared + " declared by " + range,
            "exactly " + GraphInputException.count(declared, one, what));
      }
      read++;
      int u = Numbers.parseIndex(lines, fields, nodeField, nodes, "node", range) - 1;
      int v = Numbers.parseIndex(lines, fields, nodeField + 1, nodes, "node", range) - 1;
      float weight = rule == ReadOptions.Weights.UNIT ? 1f
          : ReadOptions.apply(rule, Numbers.parseWeight(lines, fields, 3));
      if (direction.undirected()) {
        builder.addEdge(u, v, weight);
      } else {
        builder.addArc(u, v, weight);
      }
    }
    if (read != declared) {
      throw lines.endError("the input ends after " + GraphInputException.count(read, one, what) + " but " + range
          + " declares " + declared, GraphInputException.count(declared, one, what) + "; the file may be truncated");
    }
    return new ParsedGraph(builder.build(), direction.reason(), rule, read, builder.droppedArcs());
  }

  /** A {@code c} line: "c" alone or followed by a space or tab. */
  private static boolean isComment(LineReader lines) {
    byte[] b = lines.data();
    int i = lines.start();
    while (i < lines.end() && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i < lines.end() && b[i] == 'c' && (i + 1 == lines.end() || b[i + 1] == ' ' || b[i + 1] == '\t');
  }
}

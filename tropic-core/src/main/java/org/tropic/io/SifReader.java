package org.tropic.io;

import java.io.IOException;
import org.tropic.graph.GraphBuilder;

/**
 * Reads the Simple Interaction Format of Cytoscape: {@code source relation target [target ...]} per line, each
 * target an arc source → target of weight 1; a line with a single name adds that vertex alone. A line containing a
 * tab is split on tabs (names may then contain spaces), any other on whitespace. The relation type is not kept (the
 * knowledge-graph module reads typed relations). Lines starting with {@code #} are comments. Vertices are labelled
 * and ordered as in {@link EdgeListReader}. Directed unless the options say otherwise.
 *
 * <p>One pass, constant memory per line; O(m) time. A file the heap cannot hold is refused a MiB or so in
 * ({@link ReadMemory.Watch}).
 */
final class SifReader {
  private static final String SHAPE = "'source relation target' (tab or whitespace separated)";

  private SifReader() {}

  static ParsedGraph read(LineReader lines, ReadOptions options) throws IOException {
    Fields fields = new Fields();
    GraphBuilder builder = GraphBuilder.labelled();
    VertexNames names = new VertexNames(builder, lines);
    ReadMemory.Watch memory = new ReadMemory.Watch(lines);
    ParsedGraph.Direction direction = ParsedGraph.Direction.resolve(options.direction(), false,
        "SIF relations are directed (source → target)");
    builder.undirected(direction.undirected());
    boolean headerRowDone = options.headerRow() == ReadOptions.HeaderRow.ABSENT;
    long dataLines = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1 || first == '#') {
        continue;
      }
      if (hasTab(lines)) {
        fields.splitOn(lines.data(), lines.start(), lines.end(), (byte) '\t');
      } else {
        fields.splitWhitespace(lines.data(), lines.start(), lines.end());
      }
      if (!headerRowDone) {
        headerRowDone = true;
        if (options.headerRow() == ReadOptions.HeaderRow.PRESENT || EdgeListReader.isHeaderRow(fields)) {
          lines.skipAsHeaderRow();
          continue;
        }
      }
      if (fields.count() == 2) {
        throw lines.lineError("a relation without a target", SHAPE
            + NoBreakSpaces.hint(EdgeListReader.fieldTexts(fields), hasTab(lines) ? '\t' : ' '));
      }
      for (int i = 0; i < fields.count(); i++) {
        if (fields.isEmpty(i)) {
          throw lines.lineError("empty field " + (i + 1), SHAPE);
        }
      }
      int u = names.id(fields.data(), fields.start(0), fields.end(0));
      for (int i = 2; i < fields.count(); i++) {
        int v = names.id(fields.data(), fields.start(i), fields.end(i));
        if (direction.undirected()) {
          builder.addEdge(u, v, 1f);
        } else {
          builder.addArc(u, v, 1f);
        }
      }
      dataLines++;
      memory.added(builder);
    }
    if (dataLines == 0) {
      throw lines.endError("the input has no interaction lines", SHAPE);
    }
    return new ParsedGraph(names.finish().build(), direction.reason(), ReadOptions.Weights.UNIT, dataLines,
        builder.droppedArcs());
  }

  private static boolean hasTab(LineReader lines) {
    byte[] b = lines.data();
    for (int i = lines.start(); i < lines.end(); i++) {
      if (b[i] == '\t') {
        return true;
      }
    }
    return false;
  }
}

package org.tropic.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tropic.graph.GraphBuilder;

/**
 * Reads edge lists, {@code source target [weight]} per line, separated by whitespace ({@link GraphFormat#EDGE_LIST}),
 * commas ({@link GraphFormat#CSV}) or tabs ({@link GraphFormat#TSV}). Lines starting with {@code #} or {@code %}
 * are comments; those before the first edge may declare the direction ({@link DirectionHeader}). Vertices are the
 * names that appear in some edge, labelled as written: integer names are ordered numerically, other names by first
 * appearance ({@link VertexNames}). Columns after the weight column are ignored. Whether there is a weight column is
 * decided on the first edge line; a later line with more columns than an unweighted first one is an error, so that
 * weights are never dropped unannounced ({@code --weights unit} drops them on purpose).
 *
 * <p>One pass, constant memory per line; O(m) time plus the final sort of the vertices. A file the heap cannot hold
 * is refused a MiB or so in ({@link ReadMemory.Watch}).
 */
final class EdgeListReader {
  /** Why a file without a direction header is read as directed, and what to do when it was not meant so. */
  private static final String NO_DIRECTION_HEADER =
      "the default with no direction header; pass --undirected if each edge is listed once";
  /**
   * Source column names of common biomedical tables (STRING's {@code protein1}, ...) that a toy edge list may also
   * use as a vertex name: a header only when the line has no number in its weight column.
   */
  private static final String[] NAMES_UNLESS_WEIGHTED = {"protein1", "protein_a", "gene1", "gene_a", "node_a",
      "source_id", "src_id", "from_id", "source_node", "interactor_a", "entity1"};
  private static final String HEADER_HINT = "if line %d holds column names, pass --header";

  private EdgeListReader() {}

  /** Reads the edge list {@code lines}. */
  static ParsedGraph read(LineReader lines, ReadOptions options, GraphFormat format) throws IOException {
    FirstLine first = new FirstLine();
    try {
      return read(lines, options, format, first);
    } catch (GraphInputException e) {
      // A first line that is column names, not recognised as such, fails there or decides the columns wrongly.
      throw first.mayBeColumnNames(e) ? e.withHint(String.format(HEADER_HINT, first.line)) : e;
    }
  }

  /**
   * The first non-comment line, while auto-detection could have misjudged it: the error it leads to then suggests
   * --header. A line held back as a possible header (its weight column is not a number) waits for the next line.
   */
  private static final class FirstLine {
    long line;
    boolean autoDecided;
    // Whether the next data line was read to judge this one ({@link NamesOverIds}), and what it judged a header.
    boolean readAhead;
    LineReader.SavedLine namesOverIds;
    long heldBack;
    String heldBackText;
    GraphInputException heldBackError;
    // Under the unit rule a held-back line that proves to be an edge after all: its source and target, as written.
    byte[] heldBackSource;
    byte[] heldBackTarget;

    boolean mayBeColumnNames(GraphInputException e) {
      return autoDecided && line > 0 && (e.line() == line || e.problem().contains("(line " + line + ")"));
    }
  }

  private static ParsedGraph read(LineReader lines, ReadOptions options, GraphFormat format, FirstLine firstLine)
      throws IOException {
    Fields fields = new Fields();
    DirectionHeader header = new DirectionHeader();
    GraphBuilder builder = GraphBuilder.labelled();
    VertexNames names = new VertexNames(builder, lines);
    ReadMemory.Watch memory = new ReadMemory.Watch(lines);
    ParsedGraph.Direction direction = null;
    boolean headerRowDone = options.headerRow() == ReadOptions.HeaderRow.ABSENT;
    int weightField = -2;
    // The first edge line when it decided, by having two fields, that the file has no weights; and its text.
    long unweightedSince = 0;
    String unweightedText = null;
    ReadOptions.Weights rule = null;
    String shape = null;
    long edges = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1) {
        continue;
      }
      if (first == '#' || first == '%') {
        if (direction == null) {
          header.accept(lines.text());
        }
        continue;
      }
      if (split(fields, lines, format) == null) {
        throw lines.lineError("a quoted field is not closed on this line",
            "a closing '\"' (a quote inside a field is written '\"\"')");
      }
      if (direction == null) {
        Boolean declared = header.undirected();
        direction = ParsedGraph.Direction.resolve(options.direction(), declared != null && declared,
            declared != null ? header.reason() : NO_DIRECTION_HEADER);
        builder.undirected(direction.undirected());
      }
      if (!headerRowDone) {
        if (options.headerRow() == ReadOptions.HeaderRow.PRESENT || isHeaderRow(fields)
            || isNamedHeaderRow(fields, options)) {
          headerRowDone = true;
          lines.skipAsHeaderRow();
          continue;
        }
        if (!firstLine.readAhead && NamesOverIds.mayBeNames(fields, options.weightColumn())) {
          // the next data line decides; either way this line or that one comes again
          firstLine.readAhead = true;
          firstLine.namesOverIds = NamesOverIds.readAhead(lines, format);
          headerRowDone = firstLine.namesOverIds != null;
          continue;
        }
        headerRowDone = true;
        firstLine.line = lines.lineNumber();
        firstLine.autoDecided = true;
        int column = writtenWeightField(options, fields);
        if (column >= 0 && column < fields.count() && !fields.isEmpty(column) && !Numbers.isNumeral(fields, column)
            && !(Numbers.isNumeral(fields, 0) && Numbers.isNumeral(fields, 1))) {
          // 'a b weight': column names if the next line has a number there, else this line's own error (an edge
          // where the weights are not read); '0 1 1,5' names no columns: its ids are numbers, its weight a typo
          try {
            Numbers.parseWeight(lines, fields, column);
          } catch (GraphInputException e) {
            firstLine.heldBack = lines.lineNumber();
            firstLine.heldBackText = lines.text();
            firstLine.heldBackError = e;
            firstLine.heldBackSource = Arrays.copyOfRange(fields.data(), fields.start(0), fields.end(0));
            firstLine.heldBackTarget = Arrays.copyOfRange(fields.data(), fields.start(1), fields.end(1));
            continue;
          }
        }
      } else if (firstLine.heldBack > 0) {
        int column = writtenWeightField(options, fields);
        if (column >= 0 && column < fields.count() && !fields.isEmpty(column) && Numbers.isNumeral(fields, column)) {
          lines.skippedAsHeaderRow(firstLine.heldBack, firstLine.heldBackText);
          firstLine.autoDecided = false;
        } else if (options.weights() == ReadOptions.Weights.UNIT) {
          edges += addHeldBackEdge(firstLine, names, builder, direction);
        } else {
          throw firstLine.heldBackError;
        }
        firstLine.heldBack = 0;
      }
      if (weightField == -2) {
        weightField = weightField(options, fields);
        rule = weightField < 0 ? ReadOptions.Weights.UNIT
            : options.weights() == ReadOptions.Weights.DEFAULT ? ReadOptions.Weights.AS_WRITTEN : options.weights();
        shape = "'source" + separatorWord(format) + "target" + (weightField < 0 ? "" : separatorWord(format)
            + "weight") + "'" + (weightField > 2 ? " with the weight in column " + (weightField + 1) : "");
        if (weightField < 0 && options.weights() != ReadOptions.Weights.UNIT) {
          unweightedSince = lines.lineNumber();
          unweightedText = lines.text();
        }
      }
      if (unweightedSince > 0 && fields.count() > 2) {
        // Reading on would drop this line's weight without a word; a file weighted from line 1 is read as such.
        String glued = gluedWeight(unweightedText, unweightedSince, format);
        firstLine.autoDecided &= glued.isEmpty(); // a no-break space cost it its weight: no column names to suggest
        throw lines.lineError("a third column, but the first edge line (line " + unweightedSince + ") has none",
            "the same columns on every line: " + shape + ", or a weight on every line (--weights unit ignores them)"
                + glued);
      }
      if (fields.count() < 2) {
        throw lines.lineError("an edge line needs a source and a target", shape + separatorHint(format, lines.text()));
      }
      if (fields.isEmpty(0) || fields.isEmpty(1)) {
        throw lines.lineError("empty vertex name", shape);
      }
      float weight = 1f;
      if (weightField >= 0) {
        if (fields.count() <= weightField || fields.isEmpty(weightField)) {
          throw lines.lineError("missing weight in column " + (weightField + 1), shape + " on every line"
              + NoBreakSpaces.hint(fieldTexts(fields), separatorOf(format)));
        }
        weight = ReadOptions.apply(rule, Numbers.parseWeight(lines, fields, weightField));
      }
      int u = names.id(fields.data(), fields.start(0), fields.end(0));
      int v = names.id(fields.data(), fields.start(1), fields.end(1));
      if (firstLine.namesOverIds != null && !names.allIntegers()) {
        throw NamesOverIds.laterName(lines, fields, firstLine.namesOverIds);
      }
      if (direction.undirected()) {
        builder.addEdge(u, v, weight);
      } else {
        builder.addArc(u, v, weight);
      }
      edges++;
      memory.added(builder);
    }
    if (firstLine.heldBack > 0) {
      if (options.weights() != ReadOptions.Weights.UNIT) {
        throw firstLine.heldBackError;
      }
      edges += addHeldBackEdge(firstLine, names, builder, direction);
      rule = ReadOptions.Weights.UNIT; // its only line: no later line decided the rule
    }
    if (edges == 0) {
      throw lines.endError("the input has no edge lines", "lines 'source target [weight]' after any '#' comments");
    }
    return new ParsedGraph(names.finish().build(), direction.reason(), rule, edges, builder.droppedArcs());
  }

  /**
   * For a line with a weight under a first edge line without one: where that line ({@code text}, line {@code line})
   * has a weight once its no-break spaces are read as separators ({@code a<U+00A0>b 3} for {@code a b 3}), the hint
   * that names the no-break space, which the error's own line does not show; else empty.
   */
  private static String gluedWeight(String text, long line, GraphFormat format) {
    char separator = separatorOf(format);
    Fields asWritten = splitText(text, format);
    Fields unglued = splitText(text.replace(NoBreakSpaces.NO_BREAK_SPACE, separator), format);
    if (asWritten == null || unglued == null || unglued.count() < 3 || !Numbers.isNumeral(unglued, 2)) {
      return "";
    }
    return NoBreakSpaces.hint(fieldTexts(asWritten), separator, "on line " + line + ", ");
  }

  private static Fields splitText(String text, GraphFormat format) {
    byte[] line = text.getBytes(StandardCharsets.UTF_8);
    return switch (format) {
      case CSV -> new Fields().splitCsv(line, 0, line.length);
      case TSV -> new Fields().splitOn(line, 0, line.length, (byte) '\t');
      default -> new Fields().splitWhitespace(line, 0, line.length);
    };
  }

  /** The fields of the current line; null if a CSV quote is not closed on it. */
  static Fields split(Fields fields, LineReader lines, GraphFormat format) throws GraphInputException {
    return switch (format) {
      case CSV -> {
        Fields split = fields.splitCsv(lines.data(), lines.start(), lines.end());
        if (split == null && fields.textAfterQuote() > 0) {
          throw lines.lineError("text after the closing quote of field " + fields.textAfterQuote(),
              "a field quoted whole or not at all, e.g. '\"a, b\"' (a quote inside it is written '\"\"')");
        }
        yield split;
      }
      case TSV -> fields.splitOn(lines.data(), lines.start(), lines.end(), (byte) '\t');
      default -> fields.splitWhitespace(lines.data(), lines.start(), lines.end());
    };
  }

  /** Adds the held-back first line as the unit-weight edge it proved to be; returns the edges added (1). */
  private static int addHeldBackEdge(FirstLine firstLine, VertexNames names, GraphBuilder builder,
      ParsedGraph.Direction direction) throws GraphInputException {
    int u = names.id(firstLine.heldBackSource, 0, firstLine.heldBackSource.length);
    int v = names.id(firstLine.heldBackTarget, 0, firstLine.heldBackTarget.length);
    if (direction.undirected()) {
      builder.addEdge(u, v, 1f);
    } else {
      builder.addArc(u, v, 1f);
    }
    return 1;
  }

  /**
   * The 0-based column the weights are written in, or -1 where the first edge line has none, read or not: column
   * names are found by it under the unit rule too, which ignores the weights but not the row that names them.
   */
  private static int writtenWeightField(ReadOptions options, Fields first) {
    if (options.weightColumn() > 0) {
      return options.weightColumn() - 1;
    }
    return first.count() >= 3 ? 2 : -1;
  }

  /** The 0-based weight field, or -1 for unit weights, decided on the first edge line. */
  private static int weightField(ReadOptions options, Fields first) {
    return options.weights() == ReadOptions.Weights.UNIT ? -1 : writtenWeightField(options, first);
  }

  /**
   * Whether the first data line is named like a biomedical table's header ({@code protein1 protein2
   * combined_score}, {@code gene1,gene2}): its first field is such a name and its weight column, if it has one, holds
   * no number ({@code gene1 gene2 0.5} is an edge).
   */
  private static boolean isNamedHeaderRow(Fields fields, ReadOptions options) {
    if (options.headerRow() != ReadOptions.HeaderRow.AUTO || fields.count() < 2) {
      return false;
    }
    int column = writtenWeightField(options, fields);
    if (column >= 0 && column < fields.count() && Numbers.isNumeral(fields, column)) {
      return false;
    }
    for (String name : NAMES_UNLESS_WEIGHTED) {
      if (fields.equalsIgnoreCase(0, name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the first data line looks like column names (its first field is a usual name for the source). */
  static boolean isHeaderRow(Fields fields) {
    if (fields.count() == 0) {
      return false;
    }
    for (String name : ReadOptions.HeaderRow.SOURCE_COLUMN_NAMES) {
      if (fields.equalsIgnoreCase(0, name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a line of one field may be separated by instead, for its error: commas in a whitespace or tab file,
   * spaces in a tab file, semicolons (a spreadsheet's CSV in many locales) anywhere, a no-break space that looks
   * like a separator but is part of a name; empty where none is seen.
   */
  static String separatorHint(GraphFormat format, String line) {
    String glued = NoBreakSpaces.hint(List.of(line.split(switch (format) {
      case CSV -> ",";
      case TSV -> "\t";
      default -> "[ \t\f\u000B]+";
    })), separatorOf(format));
    if (!glued.isEmpty()) { // it is what joined the fields, whatever else the line holds
      return glued;
    }
    if (line.indexOf(';') >= 0) {
      return " (semicolons do not separate fields: replace them by commas, e.g. tr ';' ',' < IN > OUT.csv)";
    }
    if (format != GraphFormat.CSV && line.indexOf(',') >= 0) {
      return " (for comma-separated input use --format csv or a .csv name)";
    }
    if (format == GraphFormat.TSV && line.strip().indexOf(' ') >= 0) {
      return " (the line has no tab; for space-separated input use --format edges)";
    }
    return "";
  }

  private static char separatorOf(GraphFormat format) {
    return switch (format) {
      case CSV -> ',';
      case TSV -> '\t';
      default -> ' ';
    };
  }

  static List<String> fieldTexts(Fields fields) {
    List<String> texts = new ArrayList<>(fields.count());
    for (int i = 0; i < fields.count(); i++) {
      texts.add(fields.text(i));
    }
    return texts;
  }

  private static String separatorWord(GraphFormat format) {
    return switch (format) {
      case CSV -> ",";
      case TSV -> "<TAB>";
      default -> " ";
    };
  }
}

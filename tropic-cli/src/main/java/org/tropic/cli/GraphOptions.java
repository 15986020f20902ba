package org.tropic.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.tropic.bench.OptionConverters;
import org.tropic.io.GraphFormat;
import org.tropic.io.GraphReader;
import org.tropic.io.LoadedGraph;
import org.tropic.io.ReadOptions;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options every command that reads a graph file shares: format, direction and weight handling. Public because
 * the sparse commands mix it in too.
 */
public final class GraphOptions {
  @Option(names = "--format", paramLabel = "F", converter = FormatConverter.class,
      description = "Input format: mtx, gr (DIMACS), sif, edges (whitespace edge list), csv, tsv. "
          + "Default: detected from the name and content.")
  GraphFormat format;

  static final class FormatConverter implements picocli.CommandLine.ITypeConverter<GraphFormat> {
    @Override
    public GraphFormat convert(String value) {
      return OptionConverters.labelled(value, GraphFormat::fromName);
    }
  }

  @ArgGroup(exclusive = true)
  DirectionChoice direction;

  @Option(names = "--weights", paramLabel = "RULE", defaultValue = "default", converter = WeightsConverter.class,
      description = "Arc weights: default, as_written, absolute or unit. default = |value| for Matrix Market, the "
          + "value as written otherwise, 1 where there are none; unit = hop counts. Default: default.")
  ReadOptions.Weights weights;

  /**
   * The rule by its name in any case, refused with the names as the help and the READMEs write them, not picocli's
   * constant names (AS_WRITTEN), which no page shows.
   */
  static final class WeightsConverter implements picocli.CommandLine.ITypeConverter<ReadOptions.Weights> {
    @Override
    public ReadOptions.Weights convert(String value) {
      for (ReadOptions.Weights rule : ReadOptions.Weights.values()) {
        if (rule.name().equalsIgnoreCase(value.strip())) {
          return rule;
        }
      }
      throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not a weight rule; expected one of "
          + "default, as_written, absolute or unit");
    }
  }

  @Option(names = "--weight-column", paramLabel = "N", defaultValue = "0",
      converter = OptionConverters.NonNegativeInt.class,
      description = "1-based column of an edge list's weights (default: the third, if present).")
  int weightColumn;

  @Option(names = "--header", negatable = true,
      description = "Whether the first non-comment line of an edge list or SIF file is column names (--header) or "
          + "data (--no-header). Default: detected, and announced when skipped: a first field such as source, "
          + "src, from, subject, node1 or head; protein1, gene1, node_a, source_id and similar when the line has "
          + "no number in the weight column; a weight column that is not a number on line 1 but is on line 2; "
          + "or a source and target that are words over integer ids (u v over 1 2), every later id then an integer.")
  Boolean header;

  static final class DirectionChoice {
    @Option(names = "--directed", description = "Each edge is one arc, source → target.")
    boolean directed;

    @Option(names = "--undirected", description = "Each edge gives arcs both ways.")
    boolean undirected;
  }

  /** The reader's options for these flags; unset ones keep the reader's defaults. */
  public ReadOptions toReadOptions() {
    ReadOptions.Direction d = direction == null ? ReadOptions.Direction.AS_FILE
        : direction.directed ? ReadOptions.Direction.DIRECTED : ReadOptions.Direction.UNDIRECTED;
    return ReadOptions.defaults().withFormat(format).withDirection(d).withWeights(weights)
        .withWeightColumn(weightColumn).withHeaderRow(header == null ? ReadOptions.HeaderRow.AUTO
            : header ? ReadOptions.HeaderRow.PRESENT : ReadOptions.HeaderRow.ABSENT);
  }

  /** --weight-column as a result's sidecar records it: null when not given, so the reader's default applies. */
  Integer weightColumnOrNull() {
    return weightColumn == 0 ? null : weightColumn;
  }

  /** Reads {@code path} as the options say, with a bar on {@code err} while a large file is read. */
  LoadedGraph load(Path path, PrintWriter err) throws IOException {
    return GraphReader.load(path, toReadOptions(), ProgressBar.on(err));
  }
}

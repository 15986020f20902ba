package org.tropic.io;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How {@link GraphReader} turns a file into a graph. {@link #defaults()} does what the file says; each option
 * overrides one decision. Defaults, per format:
 *
 * <ul>
 *   <li><b>format</b> — {@code null}: detected by {@link GraphFormat#detect}.
 *   <li><b>direction</b> — {@link Direction#AS_FILE}: Matrix Market {@code general} is directed, {@code symmetric},
 *       {@code skew-symmetric} and (real) {@code hermitian} give arcs both ways; DIMACS {@code p sp} is directed,
 *       {@code p tw} undirected; an edge list is undirected if a header line before the first edge says so
 *       (graph-tool's {@code # directed=False}, SNAP's {@code # Undirected graph ...}) and <em>directed</em>
 *       otherwise, because an edge list names arcs and reading it as directed never invents one; SIF is directed.
 *   <li><b>weights</b> — {@link Weights#DEFAULT}: Matrix Market uses |value| (a matrix of signed coefficients is
 *       read as distances), {@code pattern} matrices and unweighted formats (DIMACS {@code p tw}, SIF, edge lists
 *       without a weight column) weight 1, everything else the value as written.
 *   <li><b>weightColumn</b> — {@code 0}: an edge list's weight is its third column when its first edge line has
 *       one, else every edge weighs 1; a positive number names the (1-based) column, which every line must have.
 *   <li><b>headerRow</b> — {@link HeaderRow#AUTO}: the first non-comment line of an edge list or SIF file is a
 *       column header (skipped, and the skip announced) when its first field is one of {@code source}, {@code src},
 *       {@code from}, {@code subject}, {@code node1} or {@code head}, in any case. For an edge list also when its
 *       first field is a column name of a common biomedical table ({@code protein1}, {@code gene1},
 *       {@code node_a}, {@code source_id}, ...) and its weight column holds no number ({@code gene1 gene2 0.5} is
 *       an edge); or when its weight column is not a number while the next line's is ({@code a b weight}). Only
 *       the first line is ever taken for a header; an error on it suggests {@link HeaderRow#PRESENT}.
 * </ul>
 *
 * @param format the format, or {@code null} to detect it
 * @param direction directed, undirected, or as the file says
 * @param weights which weights the arcs get
 * @param weightColumn 1-based column of edge-list weights (3 or more), or 0 for "the third column if present"
 * @param headerRow whether an edge list or SIF file starts with a column header
 */
public record ReadOptions(GraphFormat format, Direction direction, Weights weights, int weightColumn,
    HeaderRow headerRow) {

  /** Whether arcs go one way or both. */
  public enum Direction {
    /** As the format or header says; see {@link ReadOptions}. */
    AS_FILE,
    /** Each edge or entry gives one arc, source → target (row → column); a symmetric matrix is not mirrored. */
    DIRECTED,
    /** Each edge or entry gives arcs both ways, of the same weight. */
    UNDIRECTED
  }

  /** Which weight each arc gets. */
  public enum Weights {
    /** |value| for Matrix Market, the value as written for the other formats, 1 where there are no values. */
    DEFAULT,
    /** The value as written, negative values included (shortest paths then need Floyd–Warshall). */
    AS_WRITTEN,
    /** |value|, for inputs whose sign carries no distance meaning. */
    ABSOLUTE,
    /** Every arc weighs 1: values are not even parsed (hop counts). */
    UNIT
  }

  /** Whether an edge list or SIF file begins with a line of column names. */
  public enum HeaderRow {
    /** A header if the first non-comment line looks like column names (see above). */
    AUTO,
    /** The first non-comment line is a header and is skipped. */
    PRESENT,
    /** Every non-comment line is data. */
    ABSENT;

    /** The usual names of a source column, in lower case: a first field that is one of them starts a header. */
    public static final List<String> SOURCE_COLUMN_NAMES = List.of("source", "src", "from", "subject", "node1", "head");

    /**
     * Whether {@code firstField} (of a file's first data line) marks the line as column names under {@link #AUTO}.
     * Public for the other readers of edge-like tables (knowledge-graph triples and SIF), so that all detect a header
     * alike.
     */
    public static boolean isSourceColumnName(String firstField) {
      return SOURCE_COLUMN_NAMES.contains(firstField.strip().toLowerCase(Locale.ROOT));
    }
  }

  public ReadOptions {
    Objects.requireNonNull(direction, "direction");
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(headerRow, "headerRow");
    if (weightColumn != 0 && weightColumn < 3) {
      throw new IllegalArgumentException("weight column " + weightColumn
          + " must be 0 (the third column if present) or 3 or more (columns 1 and 2 hold source and target)");
    }
  }

  /** Detect the format, and take direction, weights and header from the file. */
  public static ReadOptions defaults() {
    return new ReadOptions(null, Direction.AS_FILE, Weights.DEFAULT, 0, HeaderRow.AUTO);
  }

  public ReadOptions withFormat(GraphFormat format) {
    return new ReadOptions(format, direction, weights, weightColumn, headerRow);
  }

  public ReadOptions withDirection(Direction direction) {
    return new ReadOptions(format, direction, weights, weightColumn, headerRow);
  }

  public ReadOptions withWeights(Weights weights) {
    return new ReadOptions(format, direction, weights, weightColumn, headerRow);
  }

  public ReadOptions withWeightColumn(int weightColumn) {
    return new ReadOptions(format, direction, weights, weightColumn, headerRow);
  }

  public ReadOptions withHeaderRow(HeaderRow headerRow) {
    return new ReadOptions(format, direction, weights, weightColumn, headerRow);
  }

  /** {@code value} under the weight rule, where {@code DEFAULT} has been resolved to {@code rule} by the format. */
  static float apply(Weights rule, float value) {
    return rule == Weights.ABSOLUTE ? Math.abs(value) : value;
  }
}

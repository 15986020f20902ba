package org.tropic.io;

import java.io.IOException;
import java.util.Locale;
import org.tropic.graph.GraphBuilder;

/**
 * Reads a Matrix Market {@code coordinate} matrix as a graph: entry (i, j, v) is the arc i−1 → j−1 of weight |v|
 * (or v, or 1; see {@link ReadOptions.Weights}); {@code symmetric} and {@code skew-symmetric} matrices also give
 * j−1 → i−1 (skew: of weight −v when signed values are kept); {@code pattern} entries weigh 1; the diagonal is
 * dropped. The size line must be square, its entry count must match the entries, and the values of an
 * {@code integer} matrix must be whole numbers (other readers truncate 1.5 to 1). Dense {@code array} matrices and
 * {@code complex} ones are refused (a graph needs one real weight per stored entry).
 *
 * <p>The format reserves {@code hermitian} for {@code complex} matrices, yet some writers label real ones so; the
 * conjugate of a real value (or of a pattern entry, which has none) is itself, so a {@code real}, {@code integer} or
 * {@code pattern} {@code hermitian} matrix is read as the {@code symmetric} one it is, as scipy.io.mmread does.
 *
 * <p>Format: Boisvert, Pozo and Remington, "The Matrix Market Exchange Formats: Initial Design", NISTIR 5935, 1996.
 * One pass, constant memory per line; O(nnz) time.
 */
final class MatrixMarketReader {
  private static final String BANNER = "%%MatrixMarket";
  private static final String BANNER_EXPECTED =
      "a first line '%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric|skew-symmetric|"
          + "hermitian>'";

  private MatrixMarketReader() {}

  static ParsedGraph read(LineReader lines, ReadOptions options) throws IOException {
    Fields fields = new Fields();
    if (!lines.next()) {
      throw new GraphInputException(lines.source(), 0, "missing Matrix Market header: the input is empty", null,
          BANNER_EXPECTED);
    }
    fields.splitWhitespace(lines.data(), lines.start(), lines.end());
    if (fields.count() == 0 || !fields.text(0).equalsIgnoreCase(BANNER)) {
      throw lines.lineError("missing Matrix Market header", BANNER_EXPECTED);
    }
    if (fields.count() != 5) {
      throw lines.lineError("Matrix Market header has " + fields.count() + " words", BANNER_EXPECTED);
    }
    String object = word(fields, 1);
    String layout = word(fields, 2);
    String field = word(fields, 3);
    String symmetry = word(fields, 4);
    if (!object.equals("matrix")) {
      throw lines.fieldError("not a matrix", fields.text(1), BANNER_EXPECTED);
    }
    if (layout.equals("array")) {
      throw lines.fieldError("dense 'array' matrices are not read as graphs", fields.text(2),
          "'coordinate' (a sparse list of entries; every entry becomes an arc)");
    }
    if (!layout.equals("coordinate")) {
      throw lines.fieldError("unknown Matrix Market layout", fields.text(2), "'coordinate'");
    }
    boolean pattern = field.equals("pattern");
    boolean integer = field.equals("integer");
    if (!pattern && !field.equals("real") && !field.equals("integer") && !field.equals("double")) {
      throw lines.fieldError("unsupported Matrix Market field", fields.text(3),
          "'real', 'integer' or 'pattern' (a complex value is no distance)");
    }
    boolean skew = symmetry.equals("skew-symmetric");
    if (pattern && skew) {
      // every pattern entry is 1, so a(j,i) = -a(i,j) cannot hold: the file is damaged or mislabelled
      throw lines.fieldError("a pattern matrix cannot be skew-symmetric", fields.text(4),
          "'general' or 'symmetric' (pattern entries are all 1), or a 'real' field with the values");
    }
    // a real (or pattern) Hermitian matrix: a(j,i) = conj(a(i,j)) = a(i,j); complex ones were refused above
    boolean hermitian = symmetry.equals("hermitian");
    boolean symmetric = symmetry.equals("symmetric") || skew || hermitian;
    if (!symmetric && !symmetry.equals("general")) {
      throw lines.fieldError("unsupported Matrix Market symmetry", fields.text(4),
          "'general', 'symmetric', 'skew-symmetric' or 'hermitian'");
    }

    ReadOptions.Weights rule = pattern || options.weights() == ReadOptions.Weights.UNIT
        ? ReadOptions.Weights.UNIT
        : options.weights() == ReadOptions.Weights.DEFAULT ? ReadOptions.Weights.ABSOLUTE : options.weights();
    ParsedGraph.Direction direction = ParsedGraph.Direction.resolve(options.direction(), symmetric,
        "Matrix Market " + symmetry + (hermitian ? ", real so symmetric" : ""));
    boolean mirrored = direction.undirected();
    boolean negateMirror = skew && mirrored && rule == ReadOptions.Weights.AS_WRITTEN
        && options.direction() == ReadOptions.Direction.AS_FILE;

    long sizeLine = 0;
    long rows = 0;
    long nnz = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1 || first == '%') {
        continue;
      }
      fields.splitWhitespace(lines.data(), lines.start(), lines.end());
      if (fields.count() != 3) {
        throw lines.lineError("the size line has " + fields.count() + " numbers",
            "'rows columns entries', e.g. '1454 1454 3377'");
      }
      rows = Numbers.parseCount(lines, fields, 0, "row count");
      long columns = Numbers.parseCount(lines, fields, 1, "column count");
      nnz = Numbers.parseCount(lines, fields, 2, "entry count");
      if (rows != columns) {
        throw lines.lineError("the matrix is " + rows + " × " + columns + ", not square",
            "a square matrix (an adjacency matrix has one row and one column per vertex)");
      }
      if (rows >= Integer.MAX_VALUE) {
        throw lines.fieldError("too many rows", fields.text(0), "fewer than 2^31 - 1 vertices");
      }
      sizeLine = lines.lineNumber();
      break;
    }
    if (sizeLine == 0) {
      throw lines.endError("the input ends before the size line", "a line 'rows columns entries' after the header");
    }

    int n = (int) rows;
    ReadMemory.require(lines, mirrored ? 2 * nnz : nnz, n, String.format(Locale.ROOT,
        "the size line (line %d) declares %,d entries%s", sizeLine, nnz, mirrored ? ", each of two arcs" : ""));
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(mirrored && !negateMirror)
        .expectingArcs(mirrored ? 2 * nnz : nnz); // at most: the diagonal's entries add none
    String range = "the size line (line " + sizeLine + ")";
    int expectedFields = pattern ? 2 : 3;
    String entryShape = pattern ? "'row column'" : "'row column value'";
    long entries = 0;
    long diagonal = 0;
    while (lines.next()) {
      int first = lines.firstNonBlank();
      if (first == -1 || first == '%') {
        continue;
      }
      fields.splitWhitespace(lines.data(), lines.start(), lines.end());
      if (fields.count() != expectedFields) {
        throw lines.lineError("an entry of a " + field + " matrix has " + fields.count() + " fields",
            entryShape + " with 1-based indices");
      }
      if (entries == nnz) {
        throw lines.lineError("more entries than the " + nnz + " declared by " + range,
            "exactly " + GraphInputException.count(nnz, "entry line", "entry lines")
                + " (or a size line that counts them all)");
      }
      entries++;
      int i = Numbers.parseIndex(lines, fields, 0, rows, "row index", range) - 1;
      int j = Numbers.parseIndex(lines, fields, 1, rows, "column index", range) - 1;
      float weight = rule == ReadOptions.Weights.UNIT ? 1f : Numbers.parseWeight(lines, fields, 2);
      if (integer && weight != Math.rint(weight)) {
        // scipy.io.mmread truncates it to 1, this reader took 1.5: a malformed file, read two ways
        throw lines.fieldError("a value of an integer matrix is not a whole number", fields.text(2),
            "a whole number in column 3, or the field 'real' in the header (line 1)");
      }
      if (i == j) {
        diagonal++;
        continue;
      }
      weight = ReadOptions.apply(rule, weight);
      builder.addArc(i, j, weight);
      if (mirrored) {
        builder.addArc(j, i, negateMirror && weight != 0 ? -weight : weight);
      }
    }
    if (entries != nnz) {
      throw lines.endError("the input ends after " + GraphInputException.count(entries, "entry", "entries") + " but "
          + range + " declares " + nnz,
          GraphInputException.count(nnz, "entry line", "entry lines") + "; the file may be truncated");
    }
    return new ParsedGraph(builder.build(), direction.reason(), rule, entries,
        builder.droppedArcs().plusSelfLoops(diagonal));
  }

  private static String word(Fields fields, int i) {
    return fields.text(i).toLowerCase(Locale.ROOT);
  }
}

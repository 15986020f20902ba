package org.tropic.kg;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.tropic.io.GraphInputException;

/**
 * Reads a pairwise co-occurrence table — two concept ids and how many documents name both — such as the MEDLINE
 * disease–disease table Hetionet was built from ({@code doid_code_0, doid_name_0, doid_code_1, doid_name_1,
 * cooccurrence, expected, enrichment, odds_ratio, p_fisher}). Each row counts as {@code cooccurrence} predications
 * naming both concepts, so the concept–concept weight is the seeds' Jaccard, {@code co / (n_a + n_b − co)}, with
 * {@code n_a} the sum of a's co-occurrences over the whole table. A pair listed in both orders counts once (a
 * reverse row with another count is malformed). Optional filters keep only rows significant enough to be edges
 * (p-value at most, enrichment at least); rows they reject still count towards the concepts' totals, since those
 * documents still name the concepts.
 *
 * <p>Columns are found by header name; a file without a header is read as {@code id id count}.
 */
public final class CooccurrenceTableReader {
  private CooccurrenceTableReader() {}

  /**
   * Which columns hold what, by header name; {@code null} for a column the table lacks.
   *
   * @param first the first concept's id
   * @param second the second concept's id
   * @param count the co-occurrence count
   * @param firstName the first concept's name, or {@code null}
   * @param secondName the second concept's name, or {@code null}
   * @param pValue a p-value column for {@link Options#maxPValue}, or {@code null}
   * @param enrichment an observed/expected column for {@link Options#minEnrichment}, or {@code null}
   */
  public record Columns(String first, String second, String count, String firstName, String secondName,
      String pValue, String enrichment) {

    /** The layout of {@code medline-disease-disease-cooccurrence.tsv} (dhimmel/medline). */
    public static Columns medline() {
      return new Columns("doid_code_0", "doid_code_1", "cooccurrence", "doid_name_0", "doid_name_1", "p_fisher",
          "enrichment");
    }
  }

  /**
   * How the table is read.
   *
   * @param columns the column names
   * @param semanticType the semantic type given to every concept (e.g. {@code Disease}), or {@code null}
   * @param maxPValue rows with a larger p-value make no edge (1 keeps all)
   * @param minEnrichment rows with a smaller enrichment make no edge (0 keeps all)
   * @param strict stop at the first malformed row
   */
  public record Options(Columns columns, String semanticType, double maxPValue, double minEnrichment,
      boolean strict) {
    public Options {
      if (!(maxPValue >= 0 && maxPValue <= 1) || !(minEnrichment >= 0)) {
        throw new IllegalArgumentException("max p-value must be in [0, 1] and min enrichment ≥ 0, got " + maxPValue
            + " and " + minEnrichment);
      }
    }

    /** The MEDLINE layout, no type, no filter. */
    public static Options defaults() {
      return new Options(Columns.medline(), null, 1, 0, false);
    }

    public Options withSemanticType(String type) {
      return new Options(columns, type, maxPValue, minEnrichment, strict);
    }

    public Options withFilter(double maxP, double minEnrich) {
      return new Options(columns, semanticType, maxP, minEnrich, strict);
    }

    public Options withStrict(boolean on) {
      return new Options(columns, semanticType, maxPValue, minEnrichment, on);
    }
  }

  /** Reads the table into {@code builder}. */
  public static ReadReport read(Path file, KnowledgeGraphBuilder builder, Options options) throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "co-occurrence table");
    Long2IntOpenHashMap seen = new Long2IntOpenHashMap();
    seen.defaultReturnValue(-1);
    try (TextTable table = new TextTable(file)) {
      int[] at = null;
      String expected = "a row of the table's columns";
      while (table.next()) {
        String[] f = table.fields();
        if (at == null) {
          at = locate(f, options.columns());
          if (at != null) {
            expected = "columns " + String.join(", ", List.of(f));
            continue;
          }
          requireNoPartialHeader(file, table, f, options.columns());
          at = new int[] {0, 1, 2, -1, -1, -1, -1};
          expected = "'id id count'";
        }
        tally.row();
        int width = Arrays.stream(at).max().orElse(0) + 1;
        if (f.length < width) {
          LiteratureTableReader.malformed(file, table, tally, f.length + " fields where " + width + " are needed",
              options.strict(), expected);
          continue;
        }
        int count = LiteratureTableReader.pmid(f[at[2]]);
        if (count < 0 && !f[at[2]].equals("0")) {
          LiteratureTableReader.malformed(file, table, tally, "count '" + f[at[2]] + "' is not a whole number ≥ 0",
              options.strict(), expected);
          continue;
        }
        count = Math.max(count, 0);
        double p = at[5] >= 0 ? number(f[at[5]]) : 0;
        double enrichment = at[6] >= 0 ? number(f[at[6]]) : Double.POSITIVE_INFINITY;
        String problem = f[at[0]].isEmpty() || f[at[1]].isEmpty() ? "an empty concept id"
            : Double.isNaN(p) ? "p-value '" + f[at[5]] + "' is not a number"
            : Double.isNaN(enrichment) ? "enrichment '" + f[at[6]] + "' is not a number" : null;
        if (problem != null) {
          LiteratureTableReader.malformed(file, table, tally, problem, options.strict(), expected);
          continue;
        }
        int a = builder.concept(f[at[0]], at[3] >= 0 ? f[at[3]] : null, options.semanticType());
        int b = builder.concept(f[at[1]], at[4] >= 0 ? f[at[4]] : null, options.semanticType());
        if (a == b) {
          // Not a co-occurrence of two concepts; counting it would inflate the concept's total and so its Jaccard.
          tally.dropped("a concept paired with itself");
          continue;
        }
        long pair = a < b ? (long) a << 32 | b : (long) b << 32 | a;
        int earlier = seen.putIfAbsent(pair, count);
        // The README's order: another count than before is malformed; then a count of 0 is dropped as such, even
        // when the pair came before, so that "count 0" counts every zero row and the repeats are the edges' own.
        if (earlier >= 0 && earlier != count) {
          LiteratureTableReader.malformed(file, table, tally, "the pair was listed before with count " + earlier,
              options.strict(), expected);
          continue;
        }
        if (count == 0) {
          tally.dropped("count 0");
          continue;
        }
        if (earlier >= 0) {
          tally.dropped("pair listed in both orders");
          continue;
        }
        boolean linked = p <= options.maxPValue() && enrichment >= options.minEnrichment();
        builder.cooccurrences(a, b, count, linked);
        if (linked) {
          tally.accepted();
        } else {
          tally.dropped("below the significance filter (counted in the totals only)");
        }
      }
    }
    return tally.report();
  }

  /** Column positions of a header row, or {@code null} if the row is not the header the columns name. */
  private static int[] locate(String[] header, Columns columns) {
    String[] names = {columns.first(), columns.second(), columns.count(), columns.firstName(),
        columns.secondName(), columns.pValue(), columns.enrichment()};
    int[] at = new int[names.length];
    for (int i = 0; i < names.length; i++) {
      at[i] = names[i] == null ? -1 : List.of(header).indexOf(names[i]);
      if (at[i] < 0 && i < 3) {
        return null;
      }
    }
    return at;
  }

  /**
   * A first row that names two or more of the table's columns is its header even when it lacks some: read as data,
   * it would fail on every row with a message about numbers, not about the missing column.
   */
  private static void requireNoPartialHeader(Path file, TextTable table, String[] row, Columns columns)
      throws GraphInputException {
    String[] required = {columns.first(), columns.second(), columns.count()};
    String[] all = {columns.first(), columns.second(), columns.count(), columns.firstName(), columns.secondName(),
        columns.pValue(), columns.enrichment()};
    List<String> fields = List.of(row);
    long named = Arrays.stream(all).filter(c -> c != null && fields.contains(c)).count();
    if (named >= 2) {
      List<String> missing = Arrays.stream(required).filter(c -> !fields.contains(c)).toList();
      throw new GraphInputException(file.toString(), table.line(), "the header lacks the column"
          + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing), table.text(),
          "a header naming " + String.join(", ", required));
    }
  }

  private static double number(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}

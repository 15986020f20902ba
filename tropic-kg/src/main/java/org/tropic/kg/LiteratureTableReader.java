package org.tropic.kg;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tropic.io.GraphInputException;
import org.tropic.io.ReadOptions;

/**
 * Reads the literature inputs other than SemMedDB dumps into a {@link KnowledgeGraphBuilder}:
 * <ul>
 *   <li>citation pairs — {@code citing cited} per line (tab or comma; PMIDs, optionally {@code PMID:}-prefixed),
 *       an optional header line (noted in the report);</li>
 *   <li>generic triples — {@code subject predicate object [pmid [year]]} per line, tab-separated, an optional header
 *       whose first field is a usual name of a source column ({@code subject}, {@code head}, {@code source}, ...:
 *       those the core's edge-list reader takes for a header), skipped and noted in the report; each triple counts
 *       as one predication, dated by its year column or else by its abstract's year, wherever that is given (the
 *       years of all rows are read before any row).</li>
 * </ul>
 * Malformed lines are counted and listed in the {@link ReadReport}, or stop the read in strict mode.
 */
public final class LiteratureTableReader {
  private LiteratureTableReader() {}

  /** Reads citation pairs into {@code builder}. */
  public static ReadReport readCitationPairs(Path file, KnowledgeGraphBuilder builder, boolean strict)
      throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "citation pairs", "pair");
    String expected = "'citing cited' PMIDs, tab- or comma-separated";
    try (TextTable table = new TextTable(file)) {
      boolean first = true;
      while (table.next()) {
        String[] f = table.fields();
        boolean header = first && f.length >= 2 && pmid(f[0]) < 0 && pmid(f[1]) < 0;
        first = false;
        if (header) {
          tally.headerRow(table.line(), table.text());
          continue;
        }
        tally.row();
        if (f.length != 2) {
          // A third column is refused, not ignored: a weighted edge list or a 'citing cited year' table given here
          // would otherwise lose it quietly, and a triples file is named by its width, not by its predicate.
          malformed(file, table, tally, f.length + (f.length == 1 ? " field" : " fields")
              + " where a citation pair has 2, the citing and the cited PMID", strict, expected);
          continue;
        }
        int citing = pmid(f[0]);
        int cited = pmid(f[1]);
        if (citing <= 0 || cited <= 0) {
          malformed(file, table, tally, "'" + (citing <= 0 ? f[0] : f[1]) + "' is not a PMID", strict, expected);
          continue;
        }
        if (citing == cited) {
          tally.dropped("self-citation");
          continue;
        }
        if (!builder.citation(citing, cited)) {
          // 2 cites 1 after 1 cites 2: one undirected edge, N_p counts it once, and the report says so
          tally.merged();
        }
        tally.accepted();
      }
    }
    return tally.report();
  }

  /**
   * Reads generic triples into {@code builder}: the publication years the rows give first, then the rows, so that a
   * row without a year is dated by its abstract's year wherever in the file that year is given.
   */
  public static ReadReport readTriples(Path file, KnowledgeGraphBuilder builder, boolean strict) throws IOException {
    return readTriples(List.of(file), builder, strict).get(0);
  }

  /**
   * Reads several triples files into {@code builder}, one report each: the publication years of every file first,
   * then the rows, so that how rows are dated depends neither on their order nor on the order of the files.
   */
  public static List<ReadReport> readTriples(List<Path> files, KnowledgeGraphBuilder builder, boolean strict)
      throws IOException {
    for (Path file : files) {
      readTripleYears(file, builder);
    }
    List<ReadReport> reports = new ArrayList<>();
    for (Path file : files) {
      reports.add(readTripleRows(file, builder, strict));
    }
    return reports;
  }

  /**
   * Records the publication years a triples file gives (rows with a PMID and a year). Malformed rows are skipped
   * here: reading the rows reports them.
   */
  private static void readTripleYears(Path file, KnowledgeGraphBuilder builder) throws IOException {
    try (TextTable table = new TextTable(file)) {
      boolean first = true;
      while (table.next()) {
        String[] f = table.fields();
        boolean header = first && isTripleHeader(f);
        first = false;
        if (!header && tripleFault(f) == null && f.length == 5) {
          int pmid = pmid(f[3]);
          int year = year(f[4]);
          if (pmid > 0 && year > 0) {
            builder.publicationYear(pmid, year);
          }
        }
      }
    }
  }

  private static ReadReport readTripleRows(Path file, KnowledgeGraphBuilder builder, boolean strict)
      throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "triples");
    String expected = "'subject predicate object [pmid [year]]', tab-separated";
    try (TextTable table = new TextTable(file)) {
      boolean first = true;
      while (table.next()) {
        String[] f = table.fields();
        boolean header = first && isTripleHeader(f);
        first = false;
        if (header) {
          tally.headerRow(table.line(), table.text());
          continue;
        }
        tally.row();
        String fault = tripleFault(f);
        if (fault != null) {
          malformed(file, table, tally, fault, strict, expected);
          continue;
        }
        int pmid = f.length > 3 && !f[3].isEmpty() ? pmid(f[3]) : 0;
        int year = f.length > 4 && !f[4].isEmpty() ? year(f[4]) : 0;
        int subject = builder.concept(f[0], null, null);
        int object = builder.concept(f[2], null, null);
        if (year > 0) {
          builder.predication(subject, object, pmid, year);
        } else {
          // Dated by the abstract's year, every file's years having been recorded before any row.
          builder.predication(subject, object, pmid);
        }
        tally.accepted();
      }
    }
    return tally.report();
  }

  private static boolean isTripleHeader(String[] fields) {
    return ReadOptions.HeaderRow.isSourceColumnName(fields[0]);
  }

  /** Why a row is not a triple, or {@code null} if it is one. */
  private static String tripleFault(String[] f) {
    if (f.length < 3 || f.length > 5) {
      return f.length + " fields where a triple has 3 to 5";
    }
    if (f[0].isEmpty() || f[2].isEmpty()) {
      return "empty subject or object";
    }
    if (f.length > 3 && !f[3].isEmpty() && pmid(f[3]) < 0) {
      return "'" + f[3] + "' is not a PMID";
    }
    if (f.length > 4 && !f[4].isEmpty() && year(f[4]) < 0) {
      return "'" + f[4] + "' is not a year";
    }
    return null;
  }

  /** A PMID, with or without a {@code PMID:} prefix; -1 if the text is not one. */
  static int pmid(String text) {
    String digits = text.regionMatches(true, 0, "PMID:", 0, 5) ? text.substring(5) : text;
    if (digits.isEmpty() || digits.length() > 10) {
      return -1;
    }
    long value = 0;
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value > 0 && value <= Integer.MAX_VALUE ? (int) value : -1;
  }

  private static int year(String text) {
    if (text.length() != 4) {
      return -1;
    }
    int year = pmid(text);
    return year >= 1000 ? year : -1;
  }

  static void malformed(Path file, TextTable table, ReadReport.Tally tally, String reason, boolean strict,
      String expected) throws GraphInputException {
    if (strict) {
      throw new GraphInputException(file.toString(), table.line(), reason, table.text(), expected);
    }
    tally.malformed(table.line(), reason, table.text());
  }
}

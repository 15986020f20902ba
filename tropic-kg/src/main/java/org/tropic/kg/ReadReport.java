package org.tropic.kg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tropic.io.HeaderRows;

/**
 * What reading one input file did: rows seen, rows taken into the graph (and how many of those only repeated an
 * edge already read), rows dropped on purpose (by reason, e.g. novelty 0 or a generic concept), malformed rows —
 * counted, and the first few listed with their line — and a first line skipped as a header, so bad input is
 * reported and nothing is silently mixed in or left out.
 *
 * @param file the file read
 * @param table what the file held (e.g. {@code PREDICATION})
 * @param rows data rows seen (header and blank lines excluded)
 * @param accepted rows that became evidence
 * @param merged accepted rows that made no edge of their own: a curated edge again, the same pair and relation in
 *     either direction, or a citation pair again (other literature rows add up as evidence by design and are not
 *     counted here)
 * @param mergedRepeats what a merged row repeats, as the summary says it: {@code pair and relation} (curated
 *     edges) or {@code pair} (citation pairs)
 * @param dropped rows left out on purpose, by reason
 * @param malformed rows that could not be read
 * @param problems the first malformed rows, each with line, reason and text
 * @param headerRow the line read as column names, e.g. {@code line 1 read as a header: head relation tail}, or
 *     {@code null}
 * @param severalTargetLines SIF lines that listed several targets ({@code source relation target1 target2 ...}),
 *     each target a row of its own
 * @param severalTargetRows the rows those lines gave, one per target (included in {@code rows})
 * @param loneNodeLines SIF lines naming one node alone, which add that node with no edge (included in {@code rows}
 *     and, when the node is known, in {@code accepted})
 */
public record ReadReport(String file, String table, long rows, long accepted, long merged, String mergedRepeats,
    Map<String, Long> dropped, long malformed, List<Problem> problems, String headerRow, long severalTargetLines,
    long severalTargetRows, long loneNodeLines) {

  /** The most malformed rows a report lists; the rest are only counted. */
  public static final int LISTED_PROBLEMS = 20;

  /**
   * One malformed row.
   *
   * @param line the 1-based line it starts on
   * @param reason what is wrong
   * @param text the row as read (shortened)
   */
  public record Problem(long line, String reason, String text) {}

  public ReadReport {
    dropped = Map.copyOf(dropped);
    problems = List.copyOf(problems);
  }

  /**
   * One paragraph for people: counts, drops, the header line if one was skipped, and the listed problems as
   * {@code file:line: reason: text}.
   */
  public String summary() {
    StringBuilder text = new StringBuilder();
    text.append(file).append(" (").append(table).append("): ").append(count(rows)).append(" rows");
    if (severalTargetLines > 0) {
      text.append(" (").append(count(severalTargetRows)).append(" of them from ").append(count(severalTargetLines))
          .append(severalTargetLines == 1 ? " line" : " lines").append(" listing several targets, a row per target)");
    }
    if (loneNodeLines > 0) {
      text.append(" (").append(count(loneNodeLines)).append(loneNodeLines == 1 ? " names" : " name")
          .append(" a node alone, with no edge)");
    }
    text.append(", ").append(count(accepted)).append(" used");
    if (merged > 0) {
      text.append(" (").append(count(merged)).append(merged == 1 ? " repeats" : " repeat")
          .append(" an earlier row's ").append(mergedRepeats)
          .append(", in either direction, and merged into its edge)");
    }
    dropped.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(d -> text.append(", ").append(count(d.getValue())).append(" dropped (").append(d.getKey())
            .append(')'));
    text.append(", ").append(count(malformed)).append(" malformed");
    if (headerRow != null) {
      text.append(System.lineSeparator()).append("  ").append(file).append(": ").append(headerRow);
    }
    for (Problem problem : problems) {
      text.append(System.lineSeparator()).append("  ").append(file).append(':').append(problem.line()).append(": ")
          .append(problem.reason()).append(": ").append(problem.text());
    }
    if (malformed > problems.size()) {
      long more = malformed - problems.size();
      text.append(System.lineSeparator()).append("  ... and ").append(count(more))
          .append(more == 1 ? " more malformed row" : " more malformed rows");
    }
    return text.toString();
  }

  /** A count with thousands separators, as the other summaries print them. */
  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** Accumulates a report while a file is read. */
  static final class Tally {
    private final String file;
    private final String table;
    private long rows;
    private long accepted;
    private long merged;
    private final String mergedRepeats;
    private String headerRow;
    private long severalTargetLines;
    private long severalTargetRows;
    private long loneNodeLines;
    private final Map<String, Long> dropped = new LinkedHashMap<>();
    private long malformed;
    private final List<Problem> problems = new ArrayList<>();

    Tally(String file, String table) {
      this(file, table, "pair and relation");
    }

    /** A tally whose merged rows each repeat an earlier row's {@code mergedRepeats}, e.g. {@code pair}. */
    Tally(String file, String table, String mergedRepeats) {
      this.file = file;
      this.table = table;
      this.mergedRepeats = mergedRepeats;
    }

    void row() {
      rows++;
    }

    void accepted() {
      accepted++;
    }

    /** An accepted row that added to an edge already there instead of making one. */
    void merged() {
      merged++;
    }

    /** The first data line was skipped as column names; it is shown in the report as graph readers show theirs. */
    void headerRow(long line, String text) {
      headerRow = HeaderRows.note(line, text);
    }

    /** A line listing {@code targets} targets, each of which is then counted as a row. */
    void severalTargets(int targets) {
      severalTargetLines++;
      severalTargetRows += targets;
    }

    /** A line naming one node alone, counted as a row already. */
    void loneNode() {
      loneNodeLines++;
    }

    void dropped(String reason) {
      dropped.merge(reason, 1L, Long::sum);
    }

    void malformed(long line, String reason, String text) {
      malformed++;
      // a SIF line listing several unknown targets is listed once, the line itself showing them all: the MEDLINE
      // table read as SIF listed its line 1 seven times; its other rows are counted in "... and N more"
      boolean lineListed = !problems.isEmpty() && problems.getLast().line() == line;
      if (problems.size() < LISTED_PROBLEMS && !lineListed) {
        problems.add(new Problem(line, reason, text.length() > 200 ? text.substring(0, 200) + "…" : text));
      }
    }

    long rows() {
      return rows;
    }

    ReadReport report() {
      return new ReadReport(file, table, rows, accepted, merged, mergedRepeats, dropped, malformed, problems, headerRow,
          severalTargetLines, severalTargetRows, loneNodeLines);
    }
  }
}

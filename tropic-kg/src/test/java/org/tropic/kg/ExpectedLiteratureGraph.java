package org.tropic.kg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The graph and the reports {@code kg build} should make of SemMedDB CITATIONS and PREDICATION rows and citation-pair
 * lines, worked out from tropic-kg/README.md's rules with plain maps — no production reader, builder or weight code —
 * so that {@link KgBuildPropertyTest} can hold the real graph against it. Rows are given as their fields ({@code null}
 * for {@code \N}), dump headers left out; pair lines as written, a header line included.
 */
final class ExpectedLiteratureGraph {
  /** A node as the test compares it: kind label, name and type ({@code null} if none), evidence text. */
  record Node(String kind, String name, String type, String evidence) {}

  /** An edge as the test compares it: float32 weight, evidence text, and the exact weight for its length. */
  record Edge(float weight, String evidence) {}

  /** A read's counts, as {@link ReadReport} gives them. */
  record Counts(long rows, long used, long merged, Map<String, Long> dropped, long malformed) {
    static Counts of(ReadReport r) {
      return new Counts(r.rows(), r.accepted(), r.merged(), r.dropped(), r.malformed());
    }
  }

  /** A read's counts as they add up. */
  private static final class Tally {
    long rows;
    long used;
    long merged;
    long malformed;
    final Map<String, Long> dropped = new HashMap<>();

    Counts counts() {
      return new Counts(rows, used, merged, dropped, malformed);
    }
  }

  final Map<String, Node> nodes = new TreeMap<>();
  /** Keyed {@code kind end end}: concept-concept ends sorted, concept first, citing and cited by PMID. */
  final Map<String, Edge> edges = new TreeMap<>();
  /** The exact (double) weight of each edge, for its −ln length. */
  final Map<String, Double> exactWeights = new TreeMap<>();
  final List<Counts> reports = new ArrayList<>();

  private final Map<Integer, Integer> yearOfPmid = new HashMap<>();
  private final Map<String, String[]> nameAndType = new LinkedHashMap<>();
  private final Map<String, TreeMap<Integer, Long>> conceptEvidence = new LinkedHashMap<>();
  private final Map<String, TreeMap<Integer, Long>> pairEvidence = new HashMap<>();
  private final Map<String, Map<Integer, Long>> occurrences = new HashMap<>();
  private final Map<Integer, Long> occurrencesInPmid = new HashMap<>();
  private final Set<List<Integer>> citationPairs = new HashSet<>();

  /** Reads the inputs in kg build's order (citations, predications, citation pairs) and works out the graph. */
  ExpectedLiteratureGraph(List<String[]> citations, List<String[]> predications, List<String> pairLines,
      boolean keepNoveltyZero, Set<String> genericConcepts) {
    reports.add(readCitations(citations));
    reports.add(readPredications(predications, keepNoveltyZero, genericConcepts));
    reports.add(readCitationPairs(pairLines));
    graph();
  }

  /** The year is PYEAR, else the four digits starting DP, else EDAT, within 1000–9999; the first year wins. */
  private Counts readCitations(List<String[]> rows) {
    Tally t = new Tally();
    for (String[] f : rows) {
      t.rows++;
      Integer pmid = f.length == 5 ? positive(f[0]) : null;
      Integer year = pmid == null ? null : firstNonNull(wholeYear(f[4]), leadingYear(f[2]), leadingYear(f[3]));
      if (year == null) {
        t.malformed++;
        continue;
      }
      t.used++;
      yearOfPmid.putIfAbsent(pmid, year);
    }
    return t.counts();
  }

  private Counts readPredications(List<String[]> rows, boolean keepNoveltyZero, Set<String> generic) {
    Tally t = new Tally();
    for (String[] f : rows) {
      t.rows++;
      String subject = f.length == 15 ? firstOfPipe(f[4]) : null;
      String object = f.length == 15 ? firstOfPipe(f[8]) : null;
      boolean noveltyRead = f.length == 15 && isNovelty(f[7]) && isNovelty(f[11]);
      if (subject == null || subject.isEmpty() || object == null || object.isEmpty() || positive(f[2]) == null
          || !noveltyRead) {
        t.malformed++;
      } else if (!keepNoveltyZero && ("0".equals(f[7]) || "0".equals(f[11]))) {
        t.dropped.merge("novelty 0", 1L, Long::sum);
      } else if (generic.contains(subject) || generic.contains(object)) {
        t.dropped.merge("generic concept", 1L, Long::sum);
      } else {
        t.used++;
        concept(subject, firstOfPipe(f[5]), firstOfPipe(f[6]));
        concept(object, firstOfPipe(f[9]), firstOfPipe(f[10]));
        predication(subject, object, positive(f[2]));
      }
    }
    return t.counts();
  }

  /** A CUI named differently in several rows keeps the first name and type given (NULL is not one). */
  private void concept(String id, String name, String type) {
    String[] known = nameAndType.computeIfAbsent(id, k -> new String[2]);
    known[0] = known[0] != null ? known[0] : name;
    known[1] = known[1] != null ? known[1] : type;
  }

  /**
   * n_a counts the predications naming a (one naming it twice counts once), co those naming both; occ(c, p) counts
   * p's predications naming c, likewise once each. Dated by the abstract's year, 0 if unknown.
   */
  private void predication(String subject, String object, int pmid) {
    int year = yearOfPmid.getOrDefault(pmid, 0);
    for (String c : subject.equals(object) ? List.of(subject) : List.of(subject, object)) {
      conceptEvidence.computeIfAbsent(c, k -> new TreeMap<>()).merge(year, 1L, Long::sum);
      occurrences.computeIfAbsent(c, k -> new HashMap<>()).merge(pmid, 1L, Long::sum);
      occurrencesInPmid.merge(pmid, 1L, Long::sum);
    }
    if (!subject.equals(object)) {
      String pair = subject.compareTo(object) < 0 ? subject + " " + object : object + " " + subject;
      pairEvidence.computeIfAbsent(pair, k -> new TreeMap<>()).merge(year, 1L, Long::sum);
    }
  }

  /**
   * {@code citing cited}, tab or comma, with or without {@code PMID:}; a first line of two non-PMIDs is a header. A
   * pair again (either direction) is merged, a self-citation dropped, a row of other than two PMIDs malformed.
   */
  private Counts readCitationPairs(List<String> lines) {
    Tally t = new Tally();
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(lines.get(i).contains("\t") ? "\t" : ",", -1);
      if (i == 0 && f.length >= 2 && pmid(f[0]) == null && pmid(f[1]) == null) {
        continue;
      }
      t.rows++;
      if (f.length != 2 || pmid(f[0]) == null || pmid(f[1]) == null) {
        t.malformed++;
      } else if (pmid(f[0]).equals(pmid(f[1]))) {
        t.dropped.merge("self-citation", 1L, Long::sum);
      } else {
        t.used++;
        int a = pmid(f[0]);
        int b = pmid(f[1]);
        if (!citationPairs.add(List.of(Math.min(a, b), Math.max(a, b)))) {
          t.merged++;
        }
      }
    }
    return t.counts();
  }

  /** The weights as the README's table defines them, each from the counts of all years. */
  private void graph() {
    Map<String, Long> n = new HashMap<>();
    conceptEvidence.forEach((c, years) -> {
      n.put(c, total(years));
      String[] nt = nameAndType.get(c);
      nodes.put(c, new Node("concept", nt[0], nt[1], text(years)));
    });
    pairEvidence.forEach((pair, years) -> {
      String[] ends = pair.split(" ");
      long co = total(years);
      edge("concept-concept " + pair, (double) co / (n.get(ends[0]) + n.get(ends[1]) - co), text(years));
    });
    occurrences.forEach((c, byPmid) -> byPmid.forEach((pmid, occ) -> edge("concept-abstract " + c + " PMID:" + pmid,
        (double) occ / occurrencesInPmid.get(pmid), yearOf(pmid) + ":" + occ)));
    Map<Integer, Long> citationsOf = new HashMap<>();
    for (List<Integer> pair : citationPairs) {
      pair.forEach(p -> citationsOf.merge(p, 1L, Long::sum));
    }
    for (List<Integer> pair : citationPairs) {
      int a = pair.get(0);
      int b = pair.get(1);
      edge("citation PMID:" + a + " PMID:" + b, 1.0 / (citationsOf.get(a) + citationsOf.get(b)),
          Math.max(yearOf(a), yearOf(b)) + ":1");
    }
    Set<Integer> abstracts = new HashSet<>(occurrencesInPmid.keySet());
    abstracts.addAll(citationsOf.keySet());
    for (int p : abstracts) {
      nodes.put("PMID:" + p, new Node("abstract", null, null, yearOf(p) + ":" + occurrencesInPmid.getOrDefault(p, 0L)));
    }
  }

  private void edge(String key, double weight, String evidence) {
    edges.put(key, new Edge((float) weight, evidence));
    exactWeights.put(key, weight);
  }

  private int yearOf(int pmid) {
    return yearOfPmid.getOrDefault(pmid, 0);
  }

  private static long total(Map<Integer, Long> years) {
    return years.values().stream().mapToLong(Long::longValue).sum();
  }

  /** {@code year:count;year:count}, years ascending. */
  private static String text(TreeMap<Integer, Long> years) {
    List<String> runs = new ArrayList<>();
    years.forEach((y, c) -> runs.add(y + ":" + c));
    return String.join(";", runs);
  }

  private static String firstOfPipe(String field) {
    return field == null ? null : field.split("\\|", -1)[0];
  }

  private static boolean isNovelty(String field) {
    return field == null || field.equals("0") || field.equals("1");
  }

  private static Integer firstNonNull(Integer... values) {
    for (Integer v : values) {
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  private static Integer wholeYear(String field) {
    return field != null && field.matches("\\d{4}") && !field.startsWith("0") ? Integer.valueOf(field) : null;
  }

  private static Integer leadingYear(String field) {
    return field != null && field.length() >= 4 ? wholeYear(field.substring(0, 4)) : null;
  }

  private static Integer positive(String field) {
    return field != null && field.matches("\\d{1,9}") && Integer.parseInt(field) > 0 ? Integer.valueOf(field) : null;
  }

  private static Integer pmid(String field) {
    return positive(field.startsWith("PMID:") ? field.substring(5) : field);
  }
}

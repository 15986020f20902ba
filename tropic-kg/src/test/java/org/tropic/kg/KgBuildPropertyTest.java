package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Random SemMedDB dumps and citation pairs read by {@link SemMedDbReader}, {@link LiteratureTableReader} and
 * {@link KnowledgeGraphBuilder}, held against {@link ExpectedLiteratureGraph}, which works the graph out from the
 * README's rules: every node, every edge by kind with its weight, −ln length and evidence years, and every report
 * count. The rows mix what real dumps hold: repeated rows and PMIDs, a subject that is its object, piped CUIs, a CUI
 * with several names, NULL names, types and novelty, novelty 0 kept or not, years from PYEAR, DP, EDAT or none, and
 * citation pairs repeated both ways, self-citations, {@code PMID:} prefixes and malformed rows.
 */
class KgBuildPropertyTest {
  private static final String[] CUIS = {"C0016157", "C0034734", "C0005847", "7157", "C0032176"};
  private static final String[] NAMES = {"Fish oils", "Raynaud, disease", "the \"blood\" viscosity", "back\\slash",
      "Ménière"};
  private static final String[] TYPES = {"dsyn", "phsu", "gngm"};
  /** Malformed PREDICATION rows: 14 fields, PMID 0, a NULL object, a novelty of 2. */
  private static final List<List<String>> BAD_PREDICATIONS = List.of(
      row("900", "1900", "3", "ISA", "C0016157", "a", "aapp", "1", "C0034734", "b", "aapp", "1", null, null),
      row("901", "1901", "0", "ISA", "C0016157", "a", "aapp", "1", "C0034734", "b", "aapp", "1", null, null, null),
      row("902", "1902", "4", "ISA", "C0016157", "a", "aapp", "1", null, "b", "aapp", "1", null, null, null),
      row("903", "1903", "4", "ISA", "C0016157", "a", "aapp", "2", "C0034734", "b", "aapp", "1", null, null, null));

  /** A predication's subject or object: indexes into the pools, -1 for NULL (novelty: 1, 0 or -1). */
  record Argument(int cui, int name, int type, int novelty, int pipedWith) {
    /** CUI, name, type and novelty fields; a piped CUI lists a second id, its name and type a second value. */
    List<String> fields() {
      String pipe = pipedWith >= 0 ? "|" : null;
      return row(CUIS[cui] + (pipe != null ? pipe + CUIS[pipedWith] : ""),
          name < 0 ? null : NAMES[name] + (pipe != null ? "|other" : ""),
          type < 0 ? null : TYPES[type] + (pipe != null ? "|aapp" : ""), novelty < 0 ? null : "" + novelty);
    }
  }

  record Predication(Argument subject, Argument object, int pmid, boolean twice) {}

  /** A CITATIONS row whose year is in PYEAR, DP, EDAT or nowhere ({@code source} 0 to 3). */
  record Citation(int pmid, int source, int year) {
    List<String> fields() {
      return switch (source) {
        case 0 -> row("" + pmid, "0000-0001", (year + 1) + " Mar", (year + 2) + "/03/01 00:00", "" + year);
        case 1 -> row("" + pmid, "0000-0001", year + " Jan 5", (year + 1) + "/01/05", null);
        case 2 -> row("" + pmid, "", year % 2 == 0 ? null : "", year + "-02-01", null);
        default -> row("" + pmid, "0000-0001", "", "", null);
      };
    }
  }

  /** A citation pair, each PMID with or without {@code PMID:}, maybe given again reversed or with a third field. */
  record CitationPair(int citing, int cited, boolean prefixCiting, boolean prefixCited, boolean againReversed,
      boolean thirdField) {}

  /**
   * Bits of {@code layout}, from 0: header lines in the dumps; CRLF line ends; the CITATIONS dump gzipped (else the
   * PREDICATION dump); a header line in the citation pairs; commas there, not tabs; a line {@code x y} among them.
   */
  record Literature(List<Predication> predications, List<List<String>> badPredications, List<Citation> citations,
      List<CitationPair> pairs, boolean keepNoveltyZero, Set<String> generic, int layout) {
    boolean has(int bit) {
      return (layout >> bit & 1) == 1;
    }
  }

  @Provide
  Arbitrary<Literature> literature() {
    Arbitrary<Integer> novelty = Arbitraries.frequency(Tuple.of(8, 1), Tuple.of(1, 0), Tuple.of(1, -1));
    Arbitrary<Integer> piped = Arbitraries.frequency(Tuple.of(6, -1), Tuple.of(1, 0), Tuple.of(1, 3));
    Arbitrary<Argument> argument = Combinators.combine(Arbitraries.integers().between(0, CUIS.length - 1),
        Arbitraries.integers().between(-1, NAMES.length - 1), Arbitraries.integers().between(-1, TYPES.length - 1),
        novelty, piped).as(Argument::new);
    Arbitrary<Boolean> rarely = Arbitraries.frequency(Tuple.of(6, false), Tuple.of(1, true));
    Arbitrary<Predication> predication = Combinators.combine(argument, argument,
        Arbitraries.integers().between(1, 8), rarely).as(Predication::new);
    Arbitrary<Citation> citation = Combinators.combine(Arbitraries.integers().between(1, 10),
        Arbitraries.integers().between(0, 3), Arbitraries.integers().between(1970, 2020)).as(Citation::new);
    Arbitrary<CitationPair> pair = Combinators.combine(Arbitraries.integers().between(1, 12),
        Arbitraries.integers().between(1, 12), rarely, rarely, rarely, rarely).as(CitationPair::new);
    return Combinators.combine(predication.list().ofMinSize(1).ofMaxSize(30),
        Arbitraries.of(BAD_PREDICATIONS).list().ofMaxSize(2), citation.list().ofMaxSize(10),
        pair.list().ofMaxSize(12), Arbitraries.of(false, true),
        Arbitraries.of(CUIS).set().ofMaxSize(1), Arbitraries.integers().between(0, 63)).as(Literature::new);
  }

  @Property(tries = 200)
  void theGraphAndReportsAreWhatTheReadmeRulesGive(@ForAll("literature") Literature input) throws IOException {
    List<List<String>> citationRows = input.citations().stream().map(Citation::fields).toList();
    List<List<String>> predicationRows = predicationRows(input);
    List<String> pairLines = pairLines(input);
    ExpectedLiteratureGraph expected = new ExpectedLiteratureGraph(arrays(citationRows), arrays(predicationRows),
        pairLines, input.keepNoveltyZero(), input.generic());

    Path dir = Files.createTempDirectory("kg-property");
    try {
      String eol = input.has(1) ? "\r\n" : "\n";
      Path citations = write(dir.resolve("CITATIONS.csv"), dumpLines(citationRows,
          input.has(0) ? "PMID,ISSN,DP,EDAT,PYEAR" : null), eol, input.has(2), StandardCharsets.ISO_8859_1);
      Path predications = write(dir.resolve("PREDICATION.csv"), dumpLines(predicationRows, input.has(0)
          ? "PREDICATION_ID,SENTENCE_ID,PMID,PREDICATE,SUBJECT_CUI,SUBJECT_NAME,SUBJECT_SEMTYPE,SUBJECT_NOVELTY,"
              + "OBJECT_CUI,OBJECT_NAME,OBJECT_SEMTYPE,OBJECT_NOVELTY,FACT_VALUE,MOD_SCALE,MOD_VALUE" : null), eol,
          !input.has(2), StandardCharsets.ISO_8859_1);
      Path pairs = write(dir.resolve("pairs.tsv"), pairLines, eol, false, StandardCharsets.UTF_8);

      KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
      List<ReadReport> reports = List.of(SemMedDbReader.readCitations(citations, builder, false),
          SemMedDbReader.readPredications(predications, builder, SemMedDbReader.Options.defaults()
              .withKeepNoveltyZero(input.keepNoveltyZero()).withGenericConcepts(input.generic())),
          LiteratureTableReader.readCitationPairs(pairs, builder, false));
      KnowledgeGraph g = builder.build();

      assertThat(reports.stream().map(ExpectedLiteratureGraph.Counts::of).toList()).isEqualTo(expected.reports);
      assertThat(nodes(g)).isEqualTo(expected.nodes);
      assertThat(edges(g)).isEqualTo(expected.edges);
      for (int e = 0; e < g.edgeCount(); e++) {
        double weight = expected.exactWeights.get(edgeKey(g, e));
        assertThat((double) g.distance(e)).as(edgeKey(g, e)).isCloseTo(-Math.log(weight), within(1e-6));
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** The rows numbered (PREDICATION_ID, SENTENCE_ID), those marked {@code twice} written twice, bad rows among them. */
  private static List<List<String>> predicationRows(Literature input) {
    List<List<String>> rows = new ArrayList<>();
    for (Predication p : input.predications()) {
      List<String> s = p.subject().fields();
      List<String> o = p.object().fields();
      int id = rows.size() + 1;
      List<String> fields = row("" + id, "" + (1000 + id), "" + p.pmid(), "TREATS", s.get(0), s.get(1), s.get(2),
          s.get(3), o.get(0), o.get(1), o.get(2), o.get(3), null, null, null);
      rows.add(fields);
      if (p.twice()) {
        rows.add(fields);
      }
    }
    for (List<String> bad : input.badPredications()) {
      rows.add(Math.floorMod(bad.hashCode(), rows.size() + 1), bad);
    }
    return rows;
  }

  /** An optional header, the pairs (tab- or comma-separated), and maybe a line of two words that is no pair. */
  private static List<String> pairLines(Literature input) {
    String sep = input.has(4) ? "," : "\t";
    List<String> lines = new ArrayList<>();
    if (input.has(3)) {
      lines.add("citing" + sep + "cited");
    }
    for (CitationPair p : input.pairs()) {
      String citing = (p.prefixCiting() ? "PMID:" : "") + p.citing();
      String cited = (p.prefixCited() ? "PMID:" : "") + p.cited();
      lines.add(citing + sep + cited + (p.thirdField() ? sep + "2005" : ""));
      if (p.againReversed()) {
        lines.add(p.cited() + sep + p.citing());
      }
    }
    if (input.has(5)) {
      lines.add(lines.size() / 2, "x" + sep + "y");
    }
    return lines;
  }

  /** MySQL dump form: each field quoted with {@code "} and {@code \} escaped, {@code \N} for NULL. */
  private static List<String> dumpLines(List<List<String>> rows, String header) {
    List<String> lines = new ArrayList<>();
    if (header != null) {
      lines.add(header);
    }
    for (List<String> row : rows) {
      lines.add(row.stream().map(v -> v == null ? "\\N" : SemMedFixture.quote(v)).collect(Collectors.joining(",")));
    }
    return lines;
  }

  private static Path write(Path file, List<String> lines, String eol, boolean gzip, Charset charset)
      throws IOException {
    byte[] bytes = lines.stream().map(line -> line + eol).collect(Collectors.joining()).getBytes(charset);
    try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
      out.write(bytes);
    }
    return file;
  }

  private static Map<String, ExpectedLiteratureGraph.Node> nodes(KnowledgeGraph g) {
    Map<String, ExpectedLiteratureGraph.Node> nodes = new TreeMap<>();
    for (int v = 0; v < g.nodeCount(); v++) {
      nodes.put(g.id(v), new ExpectedLiteratureGraph.Node(g.kind(v).label(), g.rawName(v), g.type(v),
          g.nodeEvidenceText(v)));
    }
    return nodes;
  }

  private static Map<String, ExpectedLiteratureGraph.Edge> edges(KnowledgeGraph g) {
    Map<String, ExpectedLiteratureGraph.Edge> edges = new TreeMap<>();
    for (int e = 0; e < g.edgeCount(); e++) {
      edges.put(edgeKey(g, e), new ExpectedLiteratureGraph.Edge(g.weight(e), g.evidenceText(e)));
    }
    return edges;
  }

  /** The edge's kind and ends in {@link ExpectedLiteratureGraph#edges}'s order. */
  private static String edgeKey(KnowledgeGraph g, int e) {
    String a = g.id(g.edgeSource(e));
    String b = g.id(g.edgeTarget(e));
    boolean swap = switch (g.edgeKind(e)) {
      case CONCEPT_CONCEPT -> a.compareTo(b) > 0;
      case CONCEPT_ABSTRACT -> a.startsWith("PMID:");
      case CITATION -> Integer.parseInt(a.substring(5)) > Integer.parseInt(b.substring(5));
    };
    return g.edgeKind(e).label() + " " + (swap ? b + " " + a : a + " " + b);
  }

  private static List<String[]> arrays(List<List<String>> rows) {
    return rows.stream().map(row -> row.toArray(String[]::new)).toList();
  }

  /** A list that may hold nulls (NULL fields), unlike {@link List#of}. */
  private static List<String> row(String... values) {
    return Arrays.asList(values);
  }
}

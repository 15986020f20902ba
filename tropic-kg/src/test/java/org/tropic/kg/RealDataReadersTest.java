package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The co-occurrence table and Hetionet from the shared data folder, checked against counts taken independently. */
class RealDataReadersTest {

  /** The table as plain rows, read with nothing but String.split: the oracle. */
  private static List<String[]> medlineRows() throws IOException {
    return Files.readAllLines(SharedData.file("literature/medline-disease-disease-cooccurrence.tsv")).stream()
        .skip(1).map(line -> line.split("\t")).toList();
  }

  @Test
  void cooccurrenceTableGivesJaccardOfTheTableCounts() throws IOException {
    Path file = SharedData.file("literature/medline-disease-disease-cooccurrence.tsv");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CooccurrenceTableReader.read(file, builder,
        CooccurrenceTableReader.Options.defaults().withSemanticType("Disease"));
    KnowledgeGraph g = builder.build();

    Map<String, Long> totals = new HashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    Set<String> ids = new HashSet<>();
    for (String[] f : medlineRows()) {
      ids.add(f[0]);
      ids.add(f[2]);
      String key = f[0].compareTo(f[2]) < 0 ? f[0] + " " + f[2] : f[2] + " " + f[0];
      if (counts.putIfAbsent(key, Integer.parseInt(f[4])) == null) {
        totals.merge(f[0], Long.parseLong(f[4]), Long::sum);
        totals.merge(f[2], Long.parseLong(f[4]), Long::sum);
      }
    }
    long linked = counts.values().stream().filter(c -> c > 0).count();
    assertThat(g.nodeCount()).isEqualTo(ids.size());
    assertThat(g.edgeCount()).isEqualTo(linked);
    assertThat(report.rows()).isEqualTo(17_556);
    // Every pair is listed in both orders: the second row of a pair with co-mentions is a repeat, and both rows of
    // a pair without any are count 0.
    long zeroRows = medlineRows().stream().filter(f -> f[4].equals("0")).count();
    assertThat(report.dropped()).containsEntry("count 0", zeroRows).containsEntry("pair listed in both orders", linked);
    assertThat(report.accepted() + zeroRows + linked).isEqualTo(17_556);

    String alzheimer = "DOID:10652";
    String parkinson = "DOID:14330";
    int co = counts.get(alzheimer + " " + parkinson);
    double expected = (double) co / (totals.get(alzheimer) + totals.get(parkinson) - co);
    int e = g.edgeBetween(g.requireNode(alzheimer), g.requireNode(parkinson), EnumSet.allOf(EdgeKind.class));
    assertThat(g.count(e)).isEqualTo(co);
    assertThat((double) g.weight(e)).isCloseTo(expected, within(1e-7));
    assertThat(g.name(g.requireNode(alzheimer))).isEqualTo("Alzheimer's disease");
    assertThat(g.type(g.requireNode(alzheimer))).isEqualTo("Disease");
  }

  @Test
  void significanceFilterKeepsTotalsButDropsEdges() throws IOException {
    Path file = SharedData.file("literature/medline-disease-disease-cooccurrence.tsv");
    KnowledgeGraphBuilder all = KnowledgeGraphBuilder.allKinds();
    CooccurrenceTableReader.read(file, all, CooccurrenceTableReader.Options.defaults());
    KnowledgeGraphBuilder filtered = KnowledgeGraphBuilder.allKinds();
    CooccurrenceTableReader.read(file, filtered, CooccurrenceTableReader.Options.defaults().withFilter(0.05, 1));
    KnowledgeGraph a = all.build();
    KnowledgeGraph f = filtered.build();

    long significant = medlineRows().stream()
        .filter(r -> Double.parseDouble(r[8]) <= 0.05 && Double.parseDouble(r[6]) >= 1 && Integer.parseInt(r[4]) > 0)
        .count() / 2;
    assertThat(f.edgeCount()).isEqualTo(significant);
    for (int u = 0; u < a.nodeCount(); u++) {
      assertThat(f.nodeEvidence(f.requireNode(a.id(u)))).isEqualTo(a.nodeEvidence(u));
    }
  }

  @Test
  void hetionetFixtureReadsAsCuratedGraphOfUnitLengths() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    List<ReadReport> reports = CuratedGraphReader.read(SharedData.file("hetionet/hetionet-v1.0-nodes.tsv"),
        SharedData.file("hetionet/hetionet-v1.0-edges-10.sif"), builder, false);
    KnowledgeGraph g = builder.build();

    long sifRows = Files.readAllLines(SharedData.file("hetionet/hetionet-v1.0-edges-10.sif")).size() - 1;
    assertThat(reports.get(0).accepted()).isEqualTo(47_031);
    assertThat(reports.get(1).rows()).isEqualTo(sifRows);
    assertThat(reports.get(1).malformed()).isZero();
    assertThat(g.nodeCount()).isEqualTo(47_031);
    assertThat(g.distanceRule()).isEqualTo(DistanceRule.HOPS);
    int ms = g.requireNode("Disease::DOID:2377");
    assertThat(g.name(ms)).isEqualTo("multiple sclerosis");
    assertThat(g.type(ms)).isEqualTo("Disease");
    int ctd = 0;
    for (int e = 0; e < g.edgeCount(); e++) {
      assertThat(g.distance(e)).isEqualTo(1f);
      ctd += "CtD".equals(g.relation(e)) ? 1 : 0;
    }
    assertThat(ctd).isEqualTo(10);
  }

  @Test
  void hetionetSampleHasAllItsEdges() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    List<ReadReport> reports = CuratedGraphReader.read(SharedData.file("hetionet/hetionet-v1.0-nodes.tsv"),
        SharedData.file("hetionet/hetionet-v1.0-edges-5k.sif.gz"), builder, false);
    KnowledgeGraph g = builder.build();

    assertThat(reports.get(1).rows()).isEqualTo(99_676);
    assertThat(reports.get(1).malformed()).isZero();
    // Edges are undirected: the two Gr>G pairs that regulate each other (3685/5223, 1978/128) count once each.
    assertThat(g.edgeCount()).isEqualTo(99_674);
    long ctd = 0;
    for (int e = 0; e < g.edgeCount(); e++) {
      ctd += "CtD".equals(g.relation(e)) ? 1 : 0;
    }
    assertThat(ctd).isEqualTo(755);
  }
}

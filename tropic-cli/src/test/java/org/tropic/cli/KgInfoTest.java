package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tropic info KG} on a knowledge graph's directory: it was refused ("is a directory; expected a graph file"),
 * though it is the graph an analyst has in hand after {@code kg build}.
 */
class KgInfoTest {
  @TempDir
  Path dir;

  private Path build(String name, String text, String... extra) throws IOException {
    Path input = Files.writeString(dir.resolve(name + ".tsv"), text);
    Path kg = dir.resolve(name);
    String[] args = new String[] {"kg", "build", "--triples", input.toString(), "-o", kg.toString()};
    String[] all = java.util.Arrays.copyOf(args, args.length + extra.length);
    System.arraycopy(extra, 0, all, args.length, extra.length);
    TropicRun run = TropicRun.of(all);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return kg;
  }

  @Test
  void aStoredGraphIsDescribedByKindYearsAndApsp() throws IOException {
    Path kg = build("dated", "A\tX\tB\t7\t2001\nB\tX\tC\t8\t2004\n", "--apsp");
    TropicRun info = TropicRun.of("info", kg.toString(), "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(info.out());
    assertThat(json.get("nodes").get("concept").asInt()).isEqualTo(3);
    assertThat(json.get("nodes").get("abstract").asInt()).isEqualTo(2);
    assertThat(json.get("edges").get("concept_concept").asInt()).isEqualTo(2);
    assertThat(json.get("edges").get("concept_abstract").asInt()).isEqualTo(4);
    assertThat(json.get("first_year").asInt()).isEqualTo(2001);
    assertThat(json.get("last_year").asInt()).isEqualTo(2004);
    assertThat(json.get("years_note").isNull()).isTrue();
    assertThat(json.get("distance_rule").asText()).isEqualTo("neg_log_weight");
    assertThat(json.get("apsp").asText()).isEqualTo(kg.resolve("apsp.npy").toString());
    assertThat(json.get("apsp_edges").asText()).isEqualTo("concept-concept,concept-abstract");
    TropicRun table = TropicRun.of("info", kg.toString());
    assertThat(table.out()).as("a year is no count: no thousands separator")
        .containsPattern("first_year +2001\n").containsPattern("last_year +2004\n");

    Path undated = build("undated", "A\tX\tB\nB\tX\tC\n");
    TropicRun undatedTable = TropicRun.of("info", undated.toString());
    assertThat(undatedTable.exitCode()).as(undatedTable.err()).isZero();
    assertThat(undatedTable.out()).containsPattern("concept_concept +2\n")
        .contains("no evidence has a year: --as-of and 'validate time' need dated input")
        .contains("none ('kg build --apsp' stores one)");
  }

  @Test
  void aDamagedGraphIsBadInputAndReadingOptionsAreRefused() throws IOException {
    Path kg = build("cut", "A\tX\tB\nB\tX\tC\n");
    assertThat(TropicRun.of("info", kg.toString(), "--directed").exitCode()).isEqualTo(2);
    Path edges = kg.resolve("edges.tsv");
    List<String> lines = Files.readAllLines(edges);
    Files.write(edges, lines.subList(0, lines.size() - 1));
    TropicRun info = TropicRun.of("info", kg.toString());
    assertThat(info.exitCode()).isEqualTo(2);
    assertThat(info.err()).contains(edges.toString()).contains("holds 1 edges but graph.json records 2");
  }
}

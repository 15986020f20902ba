package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
    String[] all = Arrays.copyOf(args, args.length + extra.length);
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

  /** A stored APSP deleted or truncated was listed as there; discover then refused it. */
  @Test
  void aMissingOrTruncatedStoredApspIsRefused() throws IOException {
    Path kg = build("damaged", "A\tX\tB\nB\tX\tC\n", "--apsp");
    Path apsp = kg.resolve("apsp.npy");
    byte[] whole = Files.readAllBytes(apsp);
    Files.write(apsp, Arrays.copyOf(whole, 100));
    TropicRun truncated = TropicRun.of("info", kg.toString());
    assertThat(truncated.exitCode()).isEqualTo(2);
    assertThat(truncated.err()).contains(kg + ": its stored APSP cannot be read: ").contains(apsp.toString());
    Files.delete(apsp);
    TropicRun missing = TropicRun.of("info", kg.toString(), "--json");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains(kg + ": its manifest lists a stored APSP, but " + apsp + " is missing");
  }

  /**
   * What each input gave, field by field in the JSON beside the words: scripts read counts there, not out of
   * sentences. A graph stored before the reports were kept has none, and says so by a null.
   */
  @Test
  void eachInputsReadReportIsInTheJsonFieldByField() throws IOException {
    Path kg = build("reported", "subject\tpredicate\tobject\nA\tX\tB\nB\tX\nB\tX\tC\n");
    JsonNode json = new ObjectMapper().readTree(TropicRun.of("info", kg.toString(), "--json").out());
    JsonNode report = json.get("input_reports").get(0);
    assertThat(report.get("file").asText()).isEqualTo(dir.resolve("reported.tsv").toString());
    assertThat(report.get("rows").asLong()).isEqualTo(3);
    assertThat(report.get("used").asLong()).isEqualTo(2);
    assertThat(report.get("malformed").asLong()).isEqualTo(1);
    assertThat(report.get("problems").get(0).get("line").asLong()).isEqualTo(3);
    assertThat(report.get("header_row").asText()).startsWith("line 1 read as a header");
    assertThat(json.get("inputs").get(0).asText()).contains("3 rows, 2 used", "1 malformed");
    assertThat(TropicRun.of("info", kg.toString()).out()).doesNotContain("input_reports");

    Path manifest = kg.resolve("graph.json");
    Files.writeString(manifest, Files.readString(manifest).replaceFirst("\"inputReports\"", "\"formerly\""));
    JsonNode older = new ObjectMapper().readTree(TropicRun.of("info", kg.toString(), "--json").out());
    assertThat(older.get("input_reports").isNull()).isTrue();
    assertThat(older.get("inputs").get(0).asText()).contains("3 rows");
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

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.NpyHeader;
import org.tropic.io.Sidecar;

/** {@code tropic info OUT.npy}: a stored result described from its sidecar, checked first. */
class ResultInfoTest {
  @TempDir
  Path dir;

  /** a → b (1), b → c (2) and d alone: 3 of the 12 ordered pairs reachable, mean 2, longest a → c (3). */
  private Path chainResult(String name, String extra) throws IOException {
    Path graph = dir.resolve(name + ".tsv");
    Files.writeString(graph, "a\tb\t1\nb\tc\t2\nd\td\t0\n" + extra);
    Path out = dir.resolve(name + ".npy");
    TropicRun apsp = TropicRun.of("apsp", graph.toString(), "--directed", "-o", out.toString(), "--predecessors");
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    return out;
  }

  @Test
  void describesTheGraphTheSolveAndTheMachineFromTheSidecar() throws IOException {
    Path out = chainResult("chain", "");
    TropicRun info = TropicRun.of("info", out.toString());
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(info.out()).containsPattern("vertices +4\n")
        .containsPattern("checksum +matches the sidecar \\(crc32c-16rows:[0-9a-f]{8}\\)")
        .containsPattern("predecessors +chain.pred.npy")
        .contains(dir.resolve("chain.tsv").toString()).containsPattern("direction +directed")
        .containsPattern("algorithm +\\w+").containsPattern("solve_seconds +[0-9.e-]+").contains("cores")
        .containsPattern("format +tab-separated edge list\n"); // in words; JSON keeps the name, TSV
    assertThat(info.out()).doesNotContain("reachable_pairs").doesNotContainPattern("(?m)^sidecar");
    assertThat(info.err()).contains("note: --stats reads all 16 distances");
    JsonNode json = new ObjectMapper().readTree(TropicRun.of("info", out.toString(), "--json").out());
    assertThat(json.get("sidecar").get("path").asText()).isEqualTo(Sidecar.pathFor(out).toString());
    assertThat(json.get("sidecar").get("found").asBoolean()).isTrue();
    assertThat(json.get("sidecar_note").isNull()).as(json.toString()).isTrue();
  }

  @Test
  void aBatchedRunsTileSizeIsCalledItsBatch() throws IOException {
    Path graph = dir.resolve("g.tsv");
    Files.writeString(graph, "a\tb\t1\nb\tc\t2\n");
    Path out = dir.resolve("g.npy");
    assertThat(TropicRun.of("apsp", graph.toString(), "-o", out.toString(), "--algorithm", "batched").exitCode())
        .isZero();
    var json = new ObjectMapper().readTree(TropicRun.of("info", out.toString(), "--json").out());
    assertThat(json.get("solve").has("batch_size")).isTrue();
    assertThat(json.get("solve").has("block_size")).isFalse();
    // the name --format takes, as 'info GRAPH' gives it, not the stored constant TSV
    assertThat(json.get("graph").get("format").asText()).isEqualTo("tsv")
        .isEqualTo(new ObjectMapper().readTree(TropicRun.of("info", graph.toString(), "--json").out())
            .get("format").asText());
  }

  /** A .npy from elsewhere may hold NaN or −∞, which are no distance: counted apart, out of the mean. */
  @Test
  void statsLeaveOutEntriesThatAreNoDistance() throws IOException {
    float[] values = {0, 1, Float.NaN, Float.POSITIVE_INFINITY, 0, Float.NEGATIVE_INFINITY, 3, 5, 0};
    Path npy = dir.resolve("numpy.npy");
    ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (float v : values) {
      bytes.putFloat(v);
    }
    Files.write(npy, NpyHeader.of(NpyHeader.Dtype.FLOAT32, 3, 3).toBytes());
    Files.write(npy, bytes.array(), StandardOpenOption.APPEND);
    TropicRun info = TropicRun.of("info", npy.toString(), "--stats", "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    JsonNode stats = new ObjectMapper().readTree(info.out()).get("stats");
    assertThat(stats.get("reachable_pairs").asLong()).isEqualTo(3);
    assertThat(stats.get("unreachable_pairs").asLong()).isEqualTo(1);
    assertThat(stats.get("not_distances").asLong()).isEqualTo(2);
    assertThat(stats.get("mean_distance").asDouble()).isEqualTo(3.0);
    assertThat(stats.get("longest_distance").asDouble()).isEqualTo(5.0);
  }

  @Test
  void statsCountTheReachablePairsAndFindTheLongest() throws IOException {
    Path out = chainResult("chain", "");
    TropicRun info = TropicRun.of("info", out.toString(), "--stats", "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    JsonNode stats = new ObjectMapper().readTree(info.out()).get("stats");
    assertThat(stats.get("reachable_pairs").asLong()).isEqualTo(3);
    assertThat(stats.get("unreachable_pairs").asLong()).isEqualTo(9);
    assertThat(stats.get("mean_distance").asDouble()).isEqualTo(2.0);
    assertThat(stats.get("longest_distance").asDouble()).isEqualTo(3.0);
    assertThat(stats.get("longest_from").asText()).isEqualTo("a");
    assertThat(stats.get("longest_to").asText()).isEqualTo("c");
    assertThat(info.err()).doesNotContain("note:");
  }

  @Test
  void aResultSwappedUnderItsSidecarIsRefused() throws IOException {
    Path out = chainResult("chain", "");
    Path other = chainResult("other", "c\td\t5\n"); // same four vertices, other distances
    Files.copy(other, out, StandardCopyOption.REPLACE_EXISTING);
    TropicRun info = TropicRun.of("info", out.toString());
    assertThat(info.exitCode()).isEqualTo(2);
    assertThat(info.out()).isEmpty();
    assertThat(info.err()).contains(out + ": its contents are not those its sidecar chain.npy.json describes");
  }

  @Test
  void thePredecessorFileIsCheckedAsTheDistancesAre() throws IOException {
    Path out = chainResult("chain", "");
    Path predecessors = dir.resolve("chain.pred.npy");
    TropicRun matching = TropicRun.of("info", out.toString());
    assertThat(matching.out()).containsPattern("predecessors +chain.pred.npy \\(checksum matches the sidecar"
        + " \\(crc32c-16rows:[0-9a-f]{8}\\)\\)");
    // JSON: the path as update --json gives it, not the words around it
    JsonNode json = new ObjectMapper().readTree(TropicRun.of("info", out.toString(), "--json").out())
        .get("predecessors");
    assertThat(json.get("path").asText()).isEqualTo(predecessors.toString());
    assertThat(json.get("found").asBoolean()).isTrue();
    assertThat(json.get("checksum").asText()).startsWith("matches the sidecar (crc32c-16rows:");

    chainResult("other", "c\td\t5\n"); // same four vertices, other paths
    Files.copy(dir.resolve("other.pred.npy"), predecessors, StandardCopyOption.REPLACE_EXISTING);
    TropicRun swapped = TropicRun.of("info", out.toString());
    assertThat(swapped.exitCode()).isEqualTo(2);
    assertThat(swapped.out()).isEmpty();
    assertThat(swapped.err()).contains(predecessors + ": its contents are not those its sidecar chain.npy.json"
        + " describes");

    Files.delete(predecessors);
    TropicRun missing = TropicRun.of("info", out.toString());
    assertThat(missing.exitCode()).as(missing.err()).isZero();
    assertThat(missing.out()).containsPattern("predecessors +chain.pred.npy \\(missing: the distances stand");
    json = new ObjectMapper().readTree(TropicRun.of("info", out.toString(), "--json").out()).get("predecessors");
    assertThat(json.get("found").asBoolean()).isFalse();
    assertThat(json.get("path").asText()).isEqualTo(predecessors.toString());
  }

  @Test
  void theKnowledgeGraphAStoredApspCameFromIsFoundWhereItIs() throws IOException {
    Path triples = Files.writeString(dir.resolve("triples.tsv"), "subject\tpredicate\tobject\tpmid\tyear\n"
        + "C1\tX\tC2\t1\t2000\nC2\tX\tC3\t2\t2001\n");
    Path kg = dir.resolve("kg");
    // given relative, as a user in another folder would; it was stored so and then not found from elsewhere
    Path relative = Path.of("").toAbsolutePath().relativize(kg);
    TropicRun build = TropicRun.of("kg", "build", "--triples", triples.toString(), "--edges", "concept-concept",
        "--apsp", "-o", relative.toString());
    assertThat(build.exitCode()).as(build.err()).isZero();
    TropicRun info = TropicRun.of("info", kg.resolve("apsp.npy").toString());
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(info.out()).containsPattern("path +" + Pattern.quote(kg.toString()) + "\n")
        .containsPattern("found +true\n").containsPattern("format +KNOWLEDGE_GRAPH");
  }

  /** A later version's checksum is not checked when the result opens: it was reported as matching. */
  @Test
  void aChecksumOfAnUnknownSchemeIsSaidToBeUnchecked() throws IOException {
    Path out = chainResult("chain", "");
    Path sidecar = Sidecar.pathFor(out);
    Files.writeString(sidecar, Files.readString(sidecar).replaceFirst("\"distances\" : \"crc32c-16rows:[0-9a-f]{8}\"",
        "\"distances\" : \"sha256-all:0123\""));
    TropicRun info = TropicRun.of("info", out.toString());
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(info.out()).contains("checksum      not checked: the sidecar's sha256-all:0123 is of a scheme this"
        + " Tropic does not read");
  }

  @Test
  void aMatrixWithoutSidecarIsDescribedBySizeAndSaysSo() throws IOException {
    Path out = chainResult("chain", "");
    Files.delete(Sidecar.pathFor(out));
    TropicRun info = TropicRun.of("info", out.toString(), "--stats");
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(info.out()).containsPattern("sidecar +none: chain.npy.json is missing")
        .containsPattern("reachable_pairs +3\n").containsPattern("longest_from +0\n")
        .doesNotContain("sidecar_note");
    // a script reads whether there is one, and where it was looked for, without parsing the words
    JsonNode json = new ObjectMapper().readTree(TropicRun.of("info", out.toString(), "--json").out());
    assertThat(json.get("sidecar").get("path").asText()).isEqualTo(Sidecar.pathFor(out).toString());
    assertThat(json.get("sidecar").get("found").asBoolean()).isFalse();
    assertThat(json.get("sidecar_note").asText()).startsWith("chain.npy.json is missing (not written by Tropic");
  }

  @Test
  void optionsThatWouldBeIgnoredAreRefused() throws IOException {
    Path out = chainResult("chain", "");
    TropicRun format = TropicRun.of("info", out.toString(), "--format", "tsv");
    assertThat(format.exitCode()).isEqualTo(2);
    assertThat(format.err()).contains("--format is for reading a graph").contains("chain.npy.json");
    TropicRun stats = TropicRun.of("info", dir.resolve("chain.tsv").toString(), "--stats");
    assertThat(stats.exitCode()).isEqualTo(2);
    assertThat(stats.err()).contains("--stats is for a result");
    Files.createDirectory(dir.resolve("folder.npy"));
    TropicRun folder = TropicRun.of("info", dir.resolve("folder.npy").toString());
    assertThat(folder.exitCode()).isEqualTo(2);
    assertThat(folder.err()).contains("is a folder");
  }
}

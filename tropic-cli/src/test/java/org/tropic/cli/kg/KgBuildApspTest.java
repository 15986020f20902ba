package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraphBuilder;

/**
 * {@code kg build --apsp} planned and reported as {@code tropic apsp} is, {@code --apsp-edges} refused where it
 * can do nothing, and damaged inputs and stored graphs refused as bad input (exit 2) naming the file.
 */
class KgBuildApspTest {
  @TempDir
  Path dir;

  /** A ring of {@code n} concepts with a chord at every fifth: connected, so every pair has a distance. */
  private Path ring(int n) throws IOException {
    StringBuilder text = new StringBuilder("subject\tpredicate\tobject\tpmid\tyear\n");
    for (int i = 0; i < n; i++) {
      text.append('C').append(i).append("\tX\tC").append((i + 1) % n).append('\t').append(i + 1).append("\t2000\n");
      if (i % 5 == 0) {
        text.append('C').append(i).append("\tY\tC").append((i + n / 2) % n).append('\t').append(i + 1)
            .append("\t2001\n");
      }
    }
    return Files.writeString(dir.resolve("ring.tsv"), text.toString());
  }

  private CliRun build(Path triples, String... extra) {
    String[] args = new String[extra.length + 5];
    args[0] = "build";
    args[1] = "--triples";
    args[2] = triples.toString();
    args[3] = "-o";
    args[4] = dir.resolve("kg").toString();
    System.arraycopy(extra, 0, args, 5, extra.length);
    return CliRun.of(new KgCommand(), args);
  }

  @Test
  void theApspIsPlannedAndSummedUpAsTropicApspDoes() throws IOException {
    CliRun run = build(ring(40), "--edges", "concept-concept", "--apsp");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("APSP of 40 vertices (concept-concept edges):")
        .containsPattern("  plan: dijkstra, \\d+ threads? — .*; estimated .*, memory .* \\(n² result 6\\.3 KiB\\)")
        .contains("dijkstra solved in ").contains("(estimated ").contains("peak memory")
        .contains("1,560 of 1,560 ordered pairs reachable, mean distance ");
    assertThat(dir.resolve("kg").resolve("apsp.npy")).exists();
  }

  /** By default the APSP runs over the kinds built that have edges, and says so: it named all three kinds. */
  @Test
  void byDefaultTheApspNamesOnlyTheKindsWithEdges() throws IOException {
    CliRun run = build(ring(40), "--apsp");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("0 citation edges")
        .contains("APSP of 80 vertices (concept-concept,concept-abstract edges):");
  }

  /**
   * The planner counts what the leanest solve holds (Floyd–Warshall's panels and heap packing included) against
   * what the heap still has, and refuses before anything is allocated; the old check let through any solve whose
   * distance tiles alone (here about n(n+1)/2 × 4 bytes) were under 70% of the heap, and it ran out of memory
   * mid-solve.
   */
  @Test
  void aSolveThatWouldNotFitIsRefusedWithItsNumbersBeforeItStarts() {
    int n = 2_000;
    KnowledgeGraphBuilder builder = new KnowledgeGraphBuilder(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    for (int i = 0; i < n; i++) {
      builder.predication(builder.concept("C" + i, null, null), builder.concept("C" + (i + 1) % n, null, null), 0);
    }
    KgView view = builder.build().view(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    long tilesAlone = (long) n * (n + 1) / 2 * Float.BYTES;
    StringWriter out = new StringWriter();
    assertThatThrownBy(() -> Apsp.plan(view, tilesAlone + tilesAlone / 20, new PrintWriter(out, true)))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("APSP of n = 2,000").hasMessageContaining("bytes) but only")
        .hasMessageContaining("is available").hasMessageContaining("leave out --apsp")
        .hasMessageNotContaining("mpirun").hasMessageNotContaining("--apsp-edges");
    assertThat(out.toString()).doesNotContain("plan:");
  }

  @Test
  void apspEdgesThatCanDoNothingAreAUsageError() throws IOException {
    Path triples = ring(10);
    CliRun withoutApsp = build(triples, "--apsp-edges", "concept-concept");
    assertThat(withoutApsp.exit()).isEqualTo(2);
    assertThat(withoutApsp.err()).contains("--apsp-edges concept-concept is for the stored APSP: add --apsp");

    CliRun notBuilt = build(triples, "--edges", "concept-concept", "--apsp", "--apsp-edges", "citation");
    assertThat(notBuilt.exit()).isEqualTo(2);
    assertThat(notBuilt.err()).contains("--apsp-edges citation: citation is not built (--edges concept-concept);"
        + " choose among concept-concept");

    CliRun noEdges = build(triples, "--apsp", "--apsp-edges", "citation");
    assertThat(noEdges.exit()).isEqualTo(2);
    assertThat(noEdges.err()).contains("--apsp-edges citation: the graph has no edges of the kind citation, so no"
        + " path can use them; it has concept-concept (11 edges), concept-abstract (22 edges)")
        .contains("nothing written");
    assertThat(dir.resolve("kg")).doesNotExist();
  }

  @Test
  void aTruncatedGzipInputIsBadInputNamingTheFile() throws IOException {
    byte[] text = Files.readAllBytes(ring(5_000));
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(text);
    }
    Path truncated = Files.write(dir.resolve("t.tsv.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
    CliRun run = build(truncated);
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains(truncated + ": corrupt or truncated gzip data").doesNotContain("I/O failed");
  }

  @Test
  void aDamagedStoredGraphIsBadInputNamingTheFile() throws IOException {
    assertThat(build(ring(40), "--edges", "concept-concept", "--apsp").exit()).isZero();
    Path kg = dir.resolve("kg");
    Path manifest = kg.resolve("graph.json");
    String json = Files.readString(manifest);

    Path apsp = kg.resolve("apsp.npy");
    byte[] whole = Files.readAllBytes(apsp);
    Files.write(apsp, Arrays.copyOf(whole, whole.length / 2));
    assertOpenRefuses(kg, apsp + ": the file has");
    Files.write(apsp, whole);

    Files.writeString(manifest, json.substring(0, json.length() / 2));
    assertOpenRefuses(kg, manifest + ", line ").doesNotContain("Source:").doesNotContain("REDACTED");

    Files.writeString(manifest, json.replace("\"formatVersion\" : 1", "\"formatVersion\" : 2"));
    assertOpenRefuses(kg, manifest + ": knowledge-graph format version 2 is not supported; expected"
        + " formatVersion 1");

    Files.writeString(manifest, json.replaceFirst(",\\s*\"apsp-edges\" : \"[^\"]*\"", ""));
    assertThat(Files.readString(manifest)).contains("\"apsp\"").doesNotContain("apsp-edges");
    assertOpenRefuses(kg, manifest + ": lists a stored APSP result but not the edge kinds it was computed over");
  }

  private org.assertj.core.api.AbstractStringAssert<?> assertOpenRefuses(Path kg, String message) {
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", "C0");
    assertThat(open.exit()).as(open.err()).isEqualTo(2);
    return assertThat(open.err()).contains(message);
  }

  /**
   * The room for apsp.npy is known once the graph is read: a disk too small is refused then, before the plan and the
   * solve, naming the graph's apsp.npy. It was found only when the result was written, after the solve, naming the
   * hidden staging folder. The ring is sized to need more than the temporary folder's disk has (skipped where that
   * disk is too large for a ring this test can build).
   */
  @Test
  void anApspTooBigForTheDiskIsRefusedBeforeThePlan() throws IOException {
    long usable = Files.getFileStore(dir).getUsableSpace();
    long n = (long) Math.sqrt(usable / 4.0) + 1000;
    assumeTrue(n <= 250_000, "the disk of " + dir + " has room for the APSP of any ring this test builds");
    CliRun run = build(ring((int) n), "--edges", "concept-concept", "--apsp");
    assertThat(run.exit()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("not enough disk space to write " + dir.resolve("kg").resolve("apsp.npy")
        .toAbsolutePath() + ": n = ");
    assertThat(run.out()).doesNotContain("plan:");
    assertThat(dir.resolve("kg")).doesNotExist();
  }

  /**
   * A place no file can be created in is refused before any input is read: it was found after, exit 1, naming the
   * hidden staging folder.
   */
  @Test
  void anOutputWhereNoFileCanBeCreatedIsRefusedBeforeTheInputsAreRead() throws IOException {
    Path triples = ring(10);
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "-o", "/proc/kg");
    assertThat(run.exit()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("cannot write /proc/kg: no file can be created in /proc (");
    assertThat(run.out()).doesNotContain("graph:");
  }
}

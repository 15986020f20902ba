package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code validate time} and {@code holdout} show while they work and what they refuse before it: their
 * searches ran for minutes with no progress, and input that could give no result failed only after them.
 */
class ValidateProgressTest {
  @TempDir
  Path dir;

  /**
   * Hiding all 5,000 Anatomy–expresses–Gene edges of the bundled Hetionet sample measures 10,000 pairs, several
   * seconds of searching: the bar goes to standard error (not into the JSON) and reaches its end.
   */
  @Test
  void holdoutShowsItsSearchesOnStandardErrorToTheEnd() throws IOException {
    Path hetionet = CliRun.examples().resolve("hetionet");
    CliRun run = CliRun.of(new ValidateCommand(), "holdout", "--curated-nodes",
        hetionet.resolve("hetionet-v1.0-nodes.tsv.gz").toString(), "--curated-edges",
        hetionet.resolve("hetionet-v1.0-edges-5k.sif.gz").toString(), "--relation", "AeG", "--fraction", "1",
        "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).contains("shortest paths of 10,000 pairs [").contains("shortest paths of 10,000 pairs:"
        + " done in ");
    assertThat(new ObjectMapper().readTree(run.out()).get("hidden").asInt()).isEqualTo(5_000);
  }

  /** Swanson-like dated triples: a–b, b–c, c–d by 1990; a–c and b–d linked in 1995. */
  private Path datedGraph() throws IOException {
    Path triples = Files.writeString(dir.resolve("triples.tsv"), "a\tR\tb\t1\t1990\nb\tR\tc\t2\t1990\n"
        + "c\tR\td\t3\t1990\nd\tR\te\t4\t1990\na\tR\tc\t5\t1995\nb\tR\td\t6\t1995\n");
    Path kg = dir.resolve("kg");
    CliRun build = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "-o", kg.toString());
    assertThat(build.exit()).as(build.err()).isZero();
    return kg;
  }

  /** One new link kept, or edge kinds the graph lacks: exit 2 with the reason, no statistics printed. */
  @Test
  void timeRefusesWhatCanGiveNoResultBeforeTheSearches() throws IOException {
    Path kg = datedGraph();
    CliRun one = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1990",
        "--to-year", "2000", "--max-pairs", "1");
    assertThat(one.exit()).isEqualTo(2);
    assertThat(one.err()).contains("max pairs 1 keeps 1 of the 2 new links: the KS test needs at least 2");
    assertThat(one.out()).doesNotContain("KS on");

    CliRun citations = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1990",
        "--to-year", "2000", "--edges", "citation");
    assertThat(citations.exit()).isEqualTo(2);
    assertThat(citations.err()).contains("the graph has no edges of the kind citation");
    assertThat(citations.out()).doesNotContain("KS on");
  }

  /**
   * A --plots folder that cannot be created, because a folder above it is a file, is refused before the work: the
   * validation used to run, print its results and then fail with exit 1.
   */
  @Test
  void plotsUnderAFileAreRefusedBeforeTheWork() throws IOException {
    Path kg = datedGraph();
    Path aFile = Files.writeString(dir.resolve("a-file"), "not a directory\n");
    Path below = aFile.resolve("plots");
    CliRun time = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1990",
        "--to-year", "2000", "--plots", below.toString());
    assertThat(time.exit()).isEqualTo(2);
    assertThat(time.err()).contains("--plots " + below + " cannot be created: " + aFile + " is a file");
    assertThat(time.out()).doesNotContain("KS on");
  }
}

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.GraphReader;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.NpyIntMatrix;
import org.tropic.io.ReadOptions;

/**
 * {@code tropic update} as users run it: arcs added to a stored result, the new distances checked against
 * {@code tropic apsp} on one file holding the old and the added arcs together, paths through the new arcs, updates
 * chained, and the refusals.
 */
class UpdateCommandTest {
  @TempDir
  Path dir;

  @Test
  void updatesGiveTheDistancesOfASolveOfTheWholeGraphAndPathsThroughTheNewArcs() throws IOException {
    Random random = new Random(3);
    List<String> old = arcs(random, 60, 150, "v");
    Path graph = write("graph.tsv", old);
    Path base = apsp(graph, "base.npy");
    List<String> first = new ArrayList<>(arcs(random, 60, 12, "v"));
    first.add("v7\tnew vertex\t2");
    first.add("new vertex\tv33\t1");
    Path firstArcs = write("first.tsv", first);
    Path updated = dir.resolve("updated.npy");
    TropicRun update = TropicRun.of("update", base.toString(), firstArcs.toString(), "-o", updated.toString(),
        "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(update.out());
    assertThat(report.get("vertices").asInt()).isEqualTo(report.get("vertices_before").asInt() + 1);
    assertThat(report.get("change").asText()).isEqualTo("added"); // as info's arc_changes name it
    assertThat(report.get("new_vertices").asInt()).isOne();
    assertThat(report.get("arcs_shortening").asInt()).isPositive();
    assertThat(update.err()).contains("read " + firstArcs + ": 14 arcs").contains("1 new vertex")
        .containsPattern("update: \\d+ of 14 added arcs shorten a distance");
    assertSameDistances(updated, apsp(write("whole1.tsv", old, first), "whole1.npy"));

    TropicRun path = TropicRun.of("query", updated.toString(), "path", "v7", "v33");
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("new vertex");

    List<String> second = arcs(random, 60, 5, "v");
    second.add("new vertex\tv0\t1");
    Path secondArcs = write("second.tsv", second);
    Path twice = dir.resolve("twice.npy");
    update = TropicRun.of("update", updated.toString(), secondArcs.toString(), "-o", twice.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertSameDistances(twice, apsp(write("whole2.tsv", old, first, second), "whole2.npy"));
    path = TropicRun.of("query", twice.toString(), "path", "v7", "v0", "--json");
    assertThat(path.exitCode()).as("the graph is rebuilt from the file and both additions: %s", path.err()).isZero();
    TropicRun info = TropicRun.of("info", twice.toString(), "--json");
    JsonNode changes = new ObjectMapper().readTree(info.out()).get("graph").get("arc_changes");
    assertThat(changes).hasSize(2);
    assertThat(changes.get(0).get("change").asText()).isEqualTo("added");
    assertThat(changes.get(0).get("path").asText()).isEqualTo(firstArcs.toString());
    assertThat(changes.get(1).get("path").asText()).isEqualTo(secondArcs.toString());
    assertThat(changes.get(1).get("found").asBoolean()).isTrue();
    assertThat(TropicRun.of("info", twice.toString()).out())
        .containsPattern("arc_changes +added ").contains("added " + firstArcs + ", added " + secondArcs);
  }

  @Test
  void aResultMayBeUpdatedInPlace() throws IOException {
    List<String> old = arcs(new Random(5), 30, 60, "v");
    Path base = dir.resolve("base.npy");
    TropicRun solve = TropicRun.of("apsp", write("graph.tsv", old).toString(), "-o", base.toString(),
        "--predecessors");
    assertThat(solve.exitCode()).as(solve.err()).isZero();
    List<String> added = List.of("v1\tv2\t0.5", "v3\tv4\t0.25");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.tsv", added).toString(), "-o",
        base.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    Path whole = write("whole.tsv", old, added);
    assertSameDistances(base, apsp(whole, "whole.npy"));
    assertThat(TropicRun.of("query", base.toString(), "dist", "v1", "v2").out()).contains("0.5");
    assertPredecessorsOf(base, whole);
  }

  /**
   * The predecessor file of {@code --predecessors} is carried over, found again from the new distances: a result
   * whose file was dropped by an update kept naming no predecessors where its user stored them for numpy.
   */
  @Test
  void predecessorsAreCarriedOverOrAddedOrDropped() throws IOException {
    Random random = new Random(11);
    List<String> old = arcs(random, 80, 240, "v");
    Path graph = write("graph.tsv", old);
    Path base = dir.resolve("base.npy");
    TropicRun solve = TropicRun.of("apsp", graph.toString(), "-o", base.toString(), "--predecessors");
    assertThat(solve.exitCode()).as(solve.err()).isZero();
    List<String> lighter = new ArrayList<>(arcs(random, 80, 6, "v").stream().map(l -> l + ".5").toList());
    lighter.add("v3\tfresh\t1");
    List<String> replaced = List.of(old.get(0).replaceFirst("\t[0-9]+$", "\t40"), "v5\tv6\t0.25");
    Path carried = dir.resolve("carried.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("added.tsv", lighter).toString(), "-o",
        carried.toString(), "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(new ObjectMapper().readTree(update.out()).get("predecessors").asText())
        .isEqualTo(dir.resolve("carried.pred.npy").toString());
    assertPredecessorsOf(carried, write("whole1.tsv", old, lighter));

    Path edited = dir.resolve("edited.npy");
    update = TropicRun.of("update", carried.toString(), write("replaced.tsv", replaced).toString(), "--replace",
        "-o", edited.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    List<String> before = new ArrayList<>(old);
    before.addAll(lighter);
    assertPredecessorsOf(edited, write("whole2.tsv", edit(before, replaced)));

    update = TropicRun.of("update", edited.toString(), write("more.tsv", List.of("v1\tv9\t1")).toString(),
        "--no-predecessors", "-o", edited.toString(), "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(new ObjectMapper().readTree(update.out()).get("predecessors").isNull()).isTrue();
    assertThat(dir.resolve("edited.pred.npy")).as("no stale predecessors beside the new distances").doesNotExist();
    assertThat(new ObjectMapper().readTree(TropicRun.of("info", edited.toString(), "--json").out())
        .get("predecessors").isNull()).as("none is null, as update --json says it").isTrue();

    Path plain = apsp(graph, "plain.npy");
    Path added = dir.resolve("added.npy");
    update = TropicRun.of("update", plain.toString(), dir.resolve("added.tsv").toString(), "--predecessors", "-o",
        added.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertPredecessorsOf(added, dir.resolve("whole1.tsv"));
    TropicRun info = TropicRun.of("info", added.toString());
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(info.out()).containsPattern("predecessors +added.pred.npy \\(checksum matches the sidecar");
  }

  @Test
  void anUnweightedGraphCountsEachAddedArcAsOneHopAndSaysSo() throws IOException {
    Path base = apsp(write("graph.txt", List.of("a b", "b c", "c d")), "base.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.txt", List.of("a d 7")).toString(),
        "-o", dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("has weights, but the result's graph is unweighted (hop counts)");
    assertThat(TropicRun.of("query", dir.resolve("new.npy").toString(), "dist", "a", "d").out()).contains("1");
  }

  /** A one-line ARCS whose third column is a word: an arc of one hop (it was a NullPointerException, exit 1). */
  @Test
  void aSingleArcWithAWordForItsWeightIsOneHop() throws IOException {
    Path base = apsp(write("graph.txt", List.of("a b", "b c", "c d")), "base.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.txt", List.of("a d heavy")).toString(),
        "-o", dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(TropicRun.of("query", dir.resolve("new.npy").toString(), "dist", "a", "d").out()).contains("1");
  }

  /** As 'apsp' refuses such a graph: the distance would be stored as unreachable, with exit code 0. */
  @Test
  void arcsWhosePathsWouldOverflowFloat32AreRefusedAndNothingIsWritten() throws IOException {
    Path base = apsp(write("graph.txt", List.of("0 1 1", "1 2 1", "2 3 1")), "base.npy");
    Path arcs = write("huge.txt", List.of("3 4 3e38", "4 5 3e38"));
    Path out = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains(arcs + " joined to the graph: a shortest path could overflow float32");
    assertThat(out).doesNotExist();
  }

  /**
   * ARCS shaped as the graph's lines takes the graph's weight column: with the weights in column 4, its lines were
   * read for a weight in column 3 and refused with a hint to pass --header. Later readers (query path) agree.
   */
  @Test
  void arcsTakeTheWeightColumnTheGraphWasReadWith() throws IOException {
    Path graph = write("graph.txt", List.of("a b x 1", "b c y 2", "c d z 3"));
    Path base = dir.resolve("base.npy");
    TropicRun solve = TropicRun.of("apsp", graph.toString(), "-o", base.toString(), "--weight-column", "4",
        "--examples", "0");
    assertThat(solve.exitCode()).as(solve.err()).isZero();
    Path arcs = write("arcs.txt", List.of("a d w 1.5"));
    Path updated = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", updated.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("note: reading the weights of " + arcs + " from column 4, as graph.txt's were");
    TropicRun path = TropicRun.of("query", updated.toString(), "path", "a", "d");
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("a →[1.5] d");

    TropicRun told = TropicRun.of("update", base.toString(), write("arcs3.txt", List.of("a d 2.5")).toString(),
        "--weight-column", "3", "-o", dir.resolve("told.npy").toString());
    assertThat(told.exitCode()).as(told.err()).isZero();
    assertThat(told.err()).doesNotContain("note: reading the weights");
    assertThat(TropicRun.of("query", dir.resolve("told.npy").toString(), "dist", "a", "d").out()).contains("2.5");
  }

  /**
   * A hop-count graph reads ARCS without its weights, so a weight on some lines and none on others is no error: only
   * the note's look for weights read them, and its refusal stopped the update that 'apsp --weights unit' would read.
   */
  @Test
  void anUnweightedGraphTakesArcsWithWeightsOnSomeLinesOnly() throws IOException {
    Path base = apsp(write("graph.txt", List.of("a b", "b c", "c d", "d e")), "base.npy");
    Path arcs = write("arcs.txt", List.of("a d 7", "b e"));
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "--replace", "-o",
        dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("has weights, but the result's graph is unweighted (hop counts)");
    assertThat(TropicRun.of("query", dir.resolve("new.npy").toString(), "dist", "a", "e").out()).contains("2");
  }

  /**
   * The heap left to a repair's distances is what is free once garbage is gone: counted as in use, the garbage of
   * reading the graphs cut the budget of power's 300 removed edges from 14.6 MiB at -Xmx90m to 7.1 MiB at -Xmx110m.
   */
  @Test
  void theHeapLeftForARepairDoesNotCountGarbage() {
    long garbage = makeGarbage(Math.min(Runtime.getRuntime().maxMemory() / 4, 256L << 20));
    long spare = UpdateCommand.requireRoom(100, 0, 1, 1, false);
    System.gc();
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    assertThat(spare).as("%,d bytes of garbage made", garbage).isGreaterThan(free - garbage / 2);
  }

  /** A refusal gives the parts of the heap it needs, so the block of rows shows where the endpoints are few. */
  @Test
  void aRefusalForTheHeapGivesThePartsOfTheFigure() {
    assertThatThrownBy(() -> UpdateCommand.requireRoom(100_000, 4_000, 10, 2, false))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("the endpoints' rows and columns, 4·n·s floats: 6.0 GiB")
        .hasMessageContaining("a block of 128 rows as they are written: 50.0 MiB")
        .hasMessageContaining("; 2 workers' chunks of 65 rows each: 52.0 MiB; the s² closure: 62.0 MiB;"
            + " its tiled copy: 64.0 MiB; the scratch of 2 workers repairing 10 rows: 6.1 MiB) needs 6.2 GiB");
  }

  /** Allocates about {@code bytes} in arrays that are garbage once this returns; how many bytes it allocated. */
  private static long makeGarbage(long bytes) {
    List<byte[]> arrays = new ArrayList<>();
    for (long made = 0; made < bytes; made += 8 << 20) {
      arrays.add(new byte[8 << 20]);
    }
    return arrays.size() * (8L << 20);
  }

  @Test
  void aBadArcsLineIsRefusedNamingFileAndLineAndNothingIsWritten() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1")), "base.npy");
    Path arcs = write("arcs.tsv", List.of("a\tc\t1", "c\ta\tlots"));
    Path out = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains(arcs.toString()).contains("line 2").contains("lots");
    assertThat(out).doesNotExist();
  }

  /** Arcs piped in as '-' could not be read again by the result's later readers: said so, not "no such file". */
  @Test
  void arcsFromStandardInputAreRefusedSayingWhy() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1")), "base.npy");
    Path out = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), "-", "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("standard input is not read as a graph").doesNotContain("no such");
    assertThat(out).doesNotExist();
  }

  @Test
  void aGraphWithoutLabelsTakesNoNewVertices() throws IOException {
    Path mtx = dir.resolve("g.mtx");
    Files.writeString(mtx, "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.0\n2 3 1.0\n");
    Path base = apsp(mtx, "base.npy");
    Path arcs = write("arcs.txt", List.of("0 2 1", "2 7 1"));
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o",
        dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains(arcs.toString()).contains("vertex '7'").contains("ids 0..2")
        .contains("a graph without labels takes no new vertices");
  }

  @Test
  void anArcClosingANegativeCycleFailsWithExitOneAndNoResult() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1")), "base.npy");
    Path out = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.tsv", List.of("c\ta\t-3")).toString(),
        "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isOne();
    assertThat(update.err()).contains("negative cycle").containsPattern("one such cycle: [abc] → [abc] → [abc] → [abc]"
        + " \\(3 arcs, length -1\\.0\\)");
    assertThat(out).doesNotExist();
  }

  @Test
  void aMovedGraphIsAskedForAndTakenFromGraph() throws IOException {
    Path graph = write("graph.tsv", List.of("a\tb\t1", "b\tc\t1"));
    Path base = apsp(graph, "base.npy");
    Path moved = Files.move(graph, dir.resolve("moved.tsv"));
    Path arcs = write("arcs.tsv", List.of("a\tc\t1.5"));
    Path out = dir.resolve("new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("'tropic update' needs the graph").contains("pass --graph GRAPH");
    update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", out.toString(), "--graph",
        moved.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    TropicRun path = TropicRun.of("query", out.toString(), "path", "a", "c");
    assertThat(path.exitCode()).as("the new sidecar names the graph where it is now: %s", path.err()).isZero();
    assertThat(path.out()).contains("1.5");
  }

  /**
   * Arcs replaced (heavier, lighter, new) and then removed, each checked against {@code tropic apsp} on the edited
   * file; the chain's graph is rebuilt for {@code query path} and listed by {@code info}.
   */
  @Test
  void replacedAndRemovedArcsGiveTheDistancesOfASolveOfTheEditedGraph() throws IOException {
    Random random = new Random(11);
    List<String> ring = new ArrayList<>(); // keeps every vertex in every edited file, and everything reachable
    for (int i = 0; i < 40; i++) {
      ring.add("v" + i + "\tv" + (i + 1) % 40 + "\t9");
    }
    List<String> old = arcs(random, 40, 120, "v").stream().filter(line -> !ring.contains(pair(line) + "\t9"))
        .toList();
    Path base = apsp(write("graph.tsv", ring, old), "base.npy");

    List<String> replaced = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      String[] arc = old.get(i * 7).split("\t");
      int weight = Integer.parseInt(arc[2]);
      replaced.add(arc[0] + "\t" + arc[1] + "\t" + (i % 3 == 0 ? Math.max(1, weight - 3) : weight + 5 + i));
    }
    replaced.add("v3\tv30\t1");
    Path replacing = write("replace.tsv", replaced);
    Path first = dir.resolve("replaced.npy");
    TropicRun update = TropicRun.of("update", base.toString(), replacing.toString(), "--replace", "-o",
        first.toString(), "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(update.out());
    assertThat(report.get("change").asText()).isEqualTo("replaced");
    assertThat(report.get("arcs_raised").asInt()).isPositive();
    assertThat(report.get("rows_repaired").asInt()).isPositive().isLessThanOrEqualTo(40);
    assertThat(update.err()).containsPattern("update: \\d+ arcs heavier or removed; \\d+ of 40 rows \\(.*\\) had"
        + " one on a shortest path: repairing");
    List<String> edited = edit(old, replaced);
    assertSameDistances(first, apsp(write("edited1.tsv", ring, edited), "edited1.npy"));

    List<String> removed = List.of(replaced.get(1), replaced.get(12), edited.get(edited.size() - 20));
    Path removing = write("remove.tsv", removed);
    Path second = dir.resolve("removed.npy");
    update = TropicRun.of("update", first.toString(), removing.toString(), "--remove", "-o", second.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    List<String> kept = edited.stream().filter(line -> removed.stream()
        .noneMatch(r -> pair(r).equals(pair(line)))).toList();
    assertSameDistances(second, apsp(write("edited2.tsv", ring, kept), "edited2.npy"));

    TropicRun path = TropicRun.of("query", second.toString(), "path", "v3", "v30");
    assertThat(path.exitCode()).as("the graph is rebuilt with both changes: %s", path.err()).isZero();
    JsonNode changes = new ObjectMapper().readTree(TropicRun.of("info", second.toString(), "--json").out())
        .get("graph").get("arc_changes");
    assertThat(changes.get(0).get("change").asText() + " " + changes.get(0).get("path").asText())
        .isEqualTo("replaced " + replacing);
    assertThat(changes.get(1).get("change").asText() + " " + changes.get(1).get("path").asText())
        .isEqualTo("removed " + removing);
  }

  /** a → c at 2.5 shortens nothing of the old graph (a → b → c is 2), but once a → b weighs 10 it does. */
  @Test
  void aLighterArcCountsAgainstTheDistancesItsRaisedNeighboursLeave() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1", "a\tc\t3")), "base.npy");
    Path out = dir.resolve("out.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("new.tsv", List.of("a\tb\t10", "a\tc\t2.5"))
        .toString(), "--replace", "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("update: 1 of 1 new or lighter arc shortens a distance");
    assertThat(TropicRun.of("query", out.toString(), "dist", "a", "c").out()).contains("2.5");
    assertThat(TropicRun.of("query", out.toString(), "dist", "a", "b").out()).contains("10");
  }

  /** The arcs file is read as a graph before its names are matched: the error still names the line to fix. */
  /** A pair listed twice to replace says which of its weights counts: the lightest, as for a graph's parallels. */
  @Test
  void aPairListedTwiceToReplaceSaysWhichWeightCounts() throws IOException {
    Path base = apsp(write("graph.edges", List.of("a b 1", "b c 1")), "base.npy");
    Path out = dir.resolve("out.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rep.edges", List.of("a b 9", "a b 5"))
        .toString(), "--replace", "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("1 duplicate arc merged (of a pair listed twice the lightest weight replaces"
        + " the graph's)");
    assertThat(TropicRun.of("query", out.toString(), "dist", "a", "b").out()).contains("5");
  }

  /** An update that changes no distance, or nothing at all, says so, not "0 of 0 new or lighter arcs". */
  @Test
  void anUpdateThatChangesNothingSaysSo() throws IOException {
    Path base = apsp(write("graph.edges", List.of("a b 1", "b c 1", "a c 5")), "base.npy");
    Path out = dir.resolve("out.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rep.edges", List.of("a c 9")).toString(),
        "--replace", "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("update: 1 arc heavier or removed; none of the 3 rows had one on a shortest"
        + " path: no distance changes for them");
    update = TropicRun.of("update", base.toString(), write("same.edges", List.of("a b 1", "c c 2")).toString(),
        "--replace", "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("changes the graph (weights it already has, or self-loops); the distances"
        + " stay as they were").doesNotContain("0 of 0");
    assertThat(TropicRun.of("query", out.toString(), "dist", "a", "c").out()).contains("2");
  }

  /** 'info' says of an arcs file that is gone what it says of a missing graph, since paths need both. */
  @Test
  void infoSaysWhichArcsFilesAreGone() throws IOException {
    Path base = apsp(write("graph.edges", List.of("a b 1", "b c 1")), "base.npy");
    Path out = dir.resolve("out.npy");
    Path arcs = write("rm.edges", List.of("b c"));
    assertThat(TropicRun.of("update", base.toString(), arcs.toString(), "--remove", "-o", out.toString())
        .exitCode()).isZero();
    Files.delete(arcs);
    TropicRun info = TropicRun.of("info", out.toString(), "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    assertThat(new ObjectMapper().readTree(info.out()).get("graph").get("arc_changes").get(0).get("found").asBoolean())
        .isFalse();
    assertThat(TropicRun.of("info", out.toString()).out())
        .contains("removed " + arcs + " (not found: 'query path' and later updates need it)");
  }

  /**
   * Column names over a weight column are found as 'apsp' finds them, though a removal, or a hop-count graph, does not
   * read the weights: 'u v w' was an arc between vertices u and v, refused to remove and added as two new vertices.
   */
  @Test
  void aHeaderRowOverWeightsIsReadAsOneWhereTheWeightsAreNot() throws IOException {
    Path base = apsp(write("graph.edges", List.of("a b", "b c", "c d")), "base.npy");
    Path removed = dir.resolve("removed.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rm.edges", List.of("u v w", "b c 1"))
        .toString(), "--remove", "-o", removed.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).contains("line 1 read as a header: u v w");
    assertThat(TropicRun.of("query", removed.toString(), "dist", "a", "d").out()).contains("∞");
    Path added = dir.resolve("added.npy");
    update = TropicRun.of("update", removed.toString(), write("add.edges", List.of("u v w", "a d 5")).toString(),
        "-o", added.toString(), "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(new ObjectMapper().readTree(update.out()).get("new_vertices").asInt()).isZero();
    assertThat(TropicRun.of("query", added.toString(), "dist", "a", "d").out()).contains("1");
  }

  /** A name to remove that is no vertex's gets the names a few edits from it, as 'query' gives them. */
  @Test
  void aMisspeltVertexToRemoveIsAnsweredWithTheNamesItMayMean() throws IOException {
    Path base = apsp(write("graph.edges", List.of("Aspirin headache 1", "headache fever 1")), "base.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rm.edges", List.of("asprin headache"))
        .toString(), "--remove", "-o", dir.resolve("out.npy").toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("line 1: names a vertex among the arcs to remove which the graph does not"
        + " have: 'asprin'").contains("did you mean 'Aspirin'?");
  }

  @Test
  void aRemovalTheGraphCannotTakeNamesItsLine() throws IOException {
    Path base = apsp(write("graph.edges", List.of("a b 1", "b c 1")), "base.npy");
    Path out = dir.resolve("out.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rm.edges", List.of("# to remove", "a b",
        "x b")).toString(), "--remove", "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("rm.edges, line 3: names a vertex among the arcs to remove which the graph"
        + " does not have: 'x'");
    update = TropicRun.of("update", base.toString(), write("rm2.edges", List.of("a b", "", "c a")).toString(),
        "--remove", "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("rm2.edges, line 3: names the arc c → a to remove");
    assertThat(out).doesNotExist();
  }

  @Test
  void anArcToRemoveThatTheGraphLacksIsRefusedAndNothingIsWritten() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1")), "base.npy");
    Path out = dir.resolve("out.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("rm.tsv", List.of("b\ta")).toString(),
        "--remove", "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("names the arc b → a to remove, which the graph does not have");
    update = TropicRun.of("update", base.toString(), write("rm2.tsv", List.of("a\tb")).toString(), "--remove",
        "--replace", "-o", out.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("--replace and --remove exclude each other");
    assertThat(out).doesNotExist();
  }

  @Test
  void theArcsFileIsNotAnOutput() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1")), "base.npy");
    Path arcs = write("arcs.tsv", List.of("a\tc\t1"));
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", arcs.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("the arcs to add");
    assertThat(Files.readString(arcs)).isEqualTo("a\tc\t1\n");
  }

  @Test
  void noFileTheResultIsReadFromAgainIsAnOutput() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1")), "base.npy");
    Path first = write("first.tsv", List.of("a\tc\t1"));
    Path updated = dir.resolve("updated.npy");
    assertThat(TropicRun.of("update", base.toString(), first.toString(), "-o", updated.toString()).exitCode())
        .isZero();
    Path second = write("second.tsv", List.of("c\ta\t1"));
    // first.tsv is replayed by every later reader of the updated result: overwriting it lost the result's graph
    TropicRun update = TropicRun.of("update", updated.toString(), second.toString(), "-o", first.toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("the arcs of an earlier update").contains(first.toString());
    assertThat(Files.readString(first)).isEqualTo("a\tc\t1\n");
    update = TropicRun.of("update", updated.toString(), second.toString(), "-o", updated + ".json");
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("the old result's sidecar");
    // nor may the sidecar written beside -o
    Path arcsAsSidecar = write("new.npy.json", List.of("c\tb\t1"));
    update = TropicRun.of("update", updated.toString(), arcsAsSidecar.toString(), "--format", "tsv", "-o",
        dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("the arcs to add");
    assertThat(Files.readString(arcsAsSidecar)).isEqualTo("c\tb\t1\n");
    TropicRun path = TropicRun.of("query", updated.toString(), "path", "c", "b");
    assertThat(path.exitCode()).as(path.err()).isZero();
  }

  @Test
  void thePlanCountsAllTheWorkAndTheJsonAgreesWithIt() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1", "c\td\t1")), "base.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.tsv", List.of("a\td\t1")).toString(),
        "-o", dir.resolve("new.npy").toString(), "--json");
    assertThat(update.exitCode()).as(update.err()).isZero();
    // n = 4, s = 2: 2·16·2 + 2·4·4 + 2·8 = 112 flop, 87.5% of 2n³ = 128; the columns' product and the closure
    // were left out, so an update through s near n claimed well under a solve's work while doing up to three times it
    assertThat(update.err()).contains("update: 1 of 1 added arc shortens a distance")
        .contains("2 endpoints: 2·n²·s + 2·n·s² + 2·s³ = 1.12e-07 GFLOP, 88% of a Floyd–Warshall solve's 2n³");
    JsonNode report = new ObjectMapper().readTree(update.out());
    assertThat(report.get("share_of_a_solve").asDouble()).isEqualTo(0.875);
    int plan = update.err().indexOf("update: 1 of 1");
    assertThat(plan).as("the plan is said before the work").isPositive()
        .isLessThan(update.err().indexOf("writing") < 0 ? Integer.MAX_VALUE : update.err().indexOf("writing"));
  }

  /** The plan comes with a time, from the measured rates, before the work: GFLOP alone told no one whether to wait. */
  @Test
  void thePlanSaysAboutHowLongAndOnWhatBasis() throws IOException {
    Path base = apsp(write("graph.tsv", List.of("a\tb\t1", "b\tc\t1", "c\td\t1")), "base.npy");
    Path out = dir.resolve("sub/new.npy");
    TropicRun update = TropicRun.of("update", base.toString(), write("arcs.tsv", List.of("a\td\t1")).toString(),
        "-o", out.toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    assertThat(update.err()).containsPattern("update: estimated about [0-9.]+ s: [0-9.]+ s of products at the"
        + " kernels' measured [0-9.e+]+ GFLOP/s, [0-9.]+ s reading and writing 128 B at the [0-9]+ MB/s measured"
        + " writing beside the output");
    assertThat(update.err().indexOf("update: estimated")).isGreaterThan(update.err().indexOf("update: 1 of 1"));
    // the write-rate probe leaves nothing beside the result
    try (var files = Files.list(out.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("new.npy", "new.npy.json");
    }
  }

  @Test
  void selfLoopsDroppedAndAMissingWeightColumnAreSaid() throws IOException {
    Path base = apsp(write("graph.txt", List.of("a b 5", "b c 7")), "base.npy");
    Path arcs = write("arcs.txt", List.of("a a", "b b", "a c", "a c"));
    TropicRun update = TropicRun.of("update", base.toString(), arcs.toString(), "-o",
        dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).as(update.err()).isZero();
    // four lines read as one arc, and that arc of length 1 in a graph of 5s and 7s, were both left unexplained
    assertThat(update.err()).contains("read " + arcs + ": 1 arc").contains("2 self-loops dropped")
        .contains("1 duplicate arc merged")
        .contains("note: " + arcs + " has no weights: each added arc weighs 1");
    assertThat(TropicRun.of("query", dir.resolve("new.npy").toString(), "dist", "a", "c").out()).contains("1");
  }

  @Test
  void anEditedArcsFileIsNamedWhenTheGraphNoLongerMatches() throws IOException {
    Path graph = write("graph.tsv", List.of("a\tb\t1", "b\tc\t1"));
    Path base = apsp(graph, "base.npy");
    Path arcs = write("arcs.tsv", List.of("a\tc\t1"));
    Path out = dir.resolve("new.npy");
    assertThat(TropicRun.of("update", base.toString(), arcs.toString(), "-o", out.toString()).exitCode()).isZero();
    Files.writeString(arcs, "a\tc\t1\nc\ta\t1\n");
    TropicRun path = TropicRun.of("query", out.toString(), "path", "a", "c");
    assertThat(path.exitCode()).isEqualTo(2);
    // the message named only graph.tsv, which had not changed
    assertThat(path.err()).contains("computed from a different graph").contains("changed from " + arcs)
        .contains("one of them has changed since");
  }

  @Test
  void theGraphGivenForTheResultIsToldToBeSolvedFirst() throws IOException {
    Path graph = write("graph.tsv", List.of("a\tb\t1", "b\tc\t1"));
    Path arcs = write("arcs.tsv", List.of("a\tc\t1"));
    TropicRun update = TropicRun.of("update", graph.toString(), arcs.toString(), "-o",
        dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).isEqualTo(2);
    // it was "graph.tsv.json: no sidecar: the result is incomplete (an interrupted write) ..."
    assertThat(update.err()).contains(graph + ": not a NumPy .npy file").contains("tropic apsp GRAPH -o OUT.npy")
        .doesNotContain("interrupted write");
    Path base = apsp(graph, "base.npy");
    Files.delete(dir.resolve("base.npy.json"));
    update = TropicRun.of("update", base.toString(), arcs.toString(), "-o", dir.resolve("new.npy").toString());
    assertThat(update.exitCode()).isEqualTo(2);
    assertThat(update.err()).contains("no sidecar");
  }

  /** The source and target of an arc line, tab-separated. */
  private static String pair(String line) {
    String[] fields = line.split("\t");
    return fields[0] + "\t" + fields[1];
  }

  /** {@code lines} with every arc between a pair of {@code replacements} dropped, then the replacements. */
  private static List<String> edit(List<String> lines, List<String> replacements) {
    List<String> edited = new ArrayList<>();
    for (String line : lines) {
      if (replacements.stream().noneMatch(r -> pair(r).equals(pair(line)))) {
        edited.add(line);
      }
    }
    edited.addAll(replacements);
    return edited;
  }

  /** {@code count} random arcs among {@code prefix}0..n−1, whole weights 1..9, tab-separated. */
  private static List<String> arcs(Random random, int n, int count, String prefix) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      lines.add(prefix + random.nextInt(n) + "\t" + prefix + random.nextInt(n) + "\t" + (1 + random.nextInt(9)));
    }
    return lines;
  }

  @SafeVarargs
  private Path write(String name, List<String>... parts) throws IOException {
    List<String> lines = new ArrayList<>();
    for (List<String> part : parts) {
      lines.addAll(part);
    }
    return Files.write(dir.resolve(name), lines);
  }

  private Path apsp(Path graph, String name) {
    Path out = dir.resolve(name);
    TropicRun run = TropicRun.of("apsp", graph.toString(), "-o", out.toString(), "--examples", "0");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return out;
  }

  /**
   * The result's predecessor file is a tree of shortest paths in every row of the graph {@code wholeGraph} holds:
   * each vertex's predecessor is its parent by an arc of that graph whose weight closes the distance, none for the
   * root and the unreachable, and following them from any vertex climbs back to the root.
   */
  private static void assertPredecessorsOf(Path result, Path wholeGraph) throws IOException {
    Graph graph = GraphReader.load(wholeGraph, ReadOptions.defaults()).graph();
    try (NpyDistanceMatrix d = NpyDistanceMatrix.open(result);
        NpyIntMatrix pred = NpyIntMatrix.open(DistanceStore.predecessorsPathFor(result))) {
      assertThat(pred.size()).isEqualTo(d.size()).isEqualTo(graph.vertexCount());
      for (int u = 0; u < d.size(); u++) {
        for (int v = 0; v < d.size(); v++) {
          int p = pred.get(u, v);
          String at = d.labels().name(u) + " → " + d.labels().name(v);
          if (v == u || d.get(u, v) == Float.POSITIVE_INFINITY) {
            assertThat(p).as(at).isEqualTo(-1);
            continue;
          }
          assertThat(p).as(at).isBetween(0, d.size() - 1);
          float arc = graph.weight(graph.vertex(d.labels().name(p)), graph.vertex(d.labels().name(v)));
          assertThat(d.get(u, p) + arc).as(at).isCloseTo(d.get(u, v), within(1e-4f));
          int steps = 0;
          for (int x = v; x != u; x = pred.get(u, x)) {
            assertThat(++steps).as("the predecessors of %s climb back to its root", at).isLessThan(d.size());
          }
        }
      }
    }
  }

  /** The two results hold the same distance for every pair of vertex names. */
  private static void assertSameDistances(Path actual, Path expected) throws IOException {
    try (NpyDistanceMatrix a = NpyDistanceMatrix.open(actual); NpyDistanceMatrix e = NpyDistanceMatrix.open(expected)) {
      assertThat(a.size()).isEqualTo(e.size());
      for (int u = 0; u < a.size(); u++) {
        int eu = e.labels().id(a.labels().name(u));
        for (int v = 0; v < a.size(); v++) {
          int ev = e.labels().id(a.labels().name(v));
          assertThat(a.get(u, v)).as("d(%s, %s)", a.labels().name(u), a.labels().name(v)).isEqualTo(e.get(eu, ev));
        }
      }
    }
  }
}

package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The kg, discover and validate commands end to end on small planted inputs: outputs and exit codes. */
class KgCommandsTest {
  static final String FISH_OILS = "C0016157";
  static final String VISCOSITY = "C0005847";
  static final String RAYNAUD = "C0034734";

  @TempDir
  Path dir;

  /** Swanson's structure as dated triples: fish oils–viscosity–Raynaud by 1985, fish oils–Raynaud in 1989. */
  private Path swansonTriples() throws IOException {
    StringBuilder text = new StringBuilder("subject\tpredicate\tobject\tpmid\tyear\n");
    for (int i = 0; i < 4; i++) {
      text.append(FISH_OILS).append("\tINHIBITS\t").append(VISCOSITY).append('\t').append(10 + i).append("\t198")
          .append(i).append('\n');
      text.append(VISCOSITY).append("\tASSOCIATED_WITH\t").append(RAYNAUD).append('\t').append(20 + i)
          .append("\t198").append(i).append('\n');
    }
    text.append(FISH_OILS).append("\tINTERACTS_WITH\tC0008377\t30\t1981\n");
    text.append("C0008377\tASSOCIATED_WITH\tC0020538\t31\t1982\n");
    text.append(RAYNAUD).append("\tASSOCIATED_WITH\tC0040034\t32\t1983\n");
    text.append(FISH_OILS).append("\tTREATS\t").append(RAYNAUD).append("\t40\t1989\n");
    text.append("C0008377\tAFFECTS\t").append(VISCOSITY).append("\t41\t1990\n");
    return Files.writeString(dir.resolve("triples.tsv"), text.toString());
  }

  private Path build(String... extra) throws IOException {
    Path kg = dir.resolve("kg");
    String[] args = new String[extra.length + 4];
    args[0] = "build";
    args[1] = "--triples";
    args[2] = swansonTriples().toString();
    System.arraycopy(extra, 0, args, 3, extra.length);
    args[args.length - 1] = "-o=" + kg;
    CliRun run = CliRun.of(new KgCommand(), args);
    assertThat(run.exit()).as(run.err()).isZero();
    return kg;
  }

  /**
   * A kill -9 while Hetionet's graph was written left its hidden staging directory (1.8 GB with apsp.npy), which no
   * later build removed: the next build to the same -o deletes it, and an old graph's being deleted, with a note.
   */
  @Test
  void buildDeletesTheDirectoriesABuildKilledEarlierLeftWithANote() throws IOException {
    Path staging = Files.createDirectories(dir.resolve(".kg.tmp-57cd13847d2707fa"));
    Files.write(staging.resolve("apsp.npy"), new byte[2 << 20]);
    Path old = Files.createDirectories(dir.resolve(".kg.old-1a"));
    Files.write(old.resolve("nodes.tsv"), new byte[1 << 19]);
    Path notOurs = Files.createDirectories(dir.resolve(".kg.tmp-mine"));
    Path otherGraph = Files.createDirectories(dir.resolve(".kg2.tmp-1a"));
    Path kg = dir.resolve("kg");
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "-o", kg.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).contains("note: deleted 2.5 MiB of partial graph directories beside " + kg
        + ", left by a build killed while writing it");
    assertThat(staging).doesNotExist();
    assertThat(old).doesNotExist();
    assertThat(notOurs).isDirectory();
    assertThat(otherGraph).isDirectory();
    assertThat(kg.resolve("graph.json")).isRegularFile();
  }

  /** An empty staging directory (a kill -9 just after it was made) was deleted without the note. */
  @Test
  void anEmptyLeftoverIsDeletedWithTheNoteToo() throws IOException {
    Path staging = Files.createDirectories(dir.resolve(".kg.tmp-ab"));
    Path kg = dir.resolve("kg");
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "-o", kg.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).contains("note: deleted 0 B of partial graph directories beside " + kg);
    assertThat(staging).doesNotExist();
  }

  /**
   * {@code kg build -o ../kg} run inside kg renamed kg away and failed, exit 2, leaving only hidden directories that
   * the next build deleted, old graph and all. A build run in the graph directory is refused before reading.
   */
  @Test
  @Timeout(120)
  void aBuildRunInsideTheGraphDirectoryIsRefusedBeforeReading() throws IOException, InterruptedException {
    Path kg = build();
    byte[] before = Files.readAllBytes(kg.resolve("nodes.tsv"));
    Path log = dir.resolve("build.log");
    Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
        "org.tropic.cli.Tropic", "kg", "build", "--triples", "../triples.tsv", "-o", "../kg")
        .directory(kg.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(process.waitFor()).as(Files.readString(log)).isEqualTo(2);
    assertThat(Files.readString(log)).contains("tropic kg build: -o ../kg is the current directory, which a build"
        + " cannot replace: run it from another directory (e.g. cd " + dir.toRealPath() + ")")
        .doesNotContain("triples"); // before reading
    assertThat(Files.readAllBytes(kg.resolve("nodes.tsv"))).isEqualTo(before);
    try (var entries = Files.list(dir)) {
      assertThat(entries.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
    }
  }

  /** A rebuild deleted the notes and plots kept in the graph directory, exit 0; refused before reading now. */
  @Test
  void aRebuildOverAGraphDirectoryHoldingOtherFilesIsRefused() throws IOException {
    Path kg = build("--apsp");
    build("--apsp"); // the APSP and its sidecar are the graph's own
    Files.writeString(kg.resolve("notes.txt"), "important\n");
    Files.createDirectories(kg.resolve("plots"));
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "-o", kg.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("-o " + kg + " holds 2 entries that a stored knowledge graph"
        + " does not (notes.txt, plots/), which replacing it would delete: move them out, or choose a new"
        + " directory");
    assertThat(run.out()).as("refused before reading").doesNotContain("triples");
    assertThat(kg.resolve("notes.txt")).hasContent("important");
    assertThat(kg.resolve("plots")).isDirectory();
  }

  /**
   * A UTF-8 byte-order mark (Excel's "CSV UTF-8", Notepad) was read as part of the first field: a header was not
   * known as one and became a node or an edge, exit 0, and a co-occurrence table's header was refused as lacking its
   * column.
   */
  @Test
  void aByteOrderMarkIsNotPartOfTheFirstField() throws IOException {
    String bom = "\uFEFF";
    Path triples = Files.writeString(dir.resolve("sw.csv"), bom + "subject,predicate,object\r\n"
        + "fish_oils,INHIBITS,blood_viscosity\r\nblood_viscosity,ASSOCIATED_WITH,raynaud\r\n");
    CliRun literature = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "-o",
        dir.resolve("lit").toString());
    assertThat(literature.exit()).as(literature.err()).isZero();
    assertThat(literature.out()).contains("2 rows, 2 used, 0 malformed")
        .contains("line 1 read as a header: subject,predicate,object").contains("graph: 3 concepts,");

    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), bom + "id\tname\tkind\nA::a\ta\tA\nB::b\tb\tB\n");
    Path sif = Files.writeString(dir.resolve("edges.sif"), bom + "source\tmetaedge\ttarget\nA::a\tAb\tB::b\n");
    CliRun curated = CliRun.of(new KgCommand(), "build", "--curated-nodes", nodes.toString(), "--curated-edges",
        sif.toString(), "-o", dir.resolve("curated").toString());
    assertThat(curated.exit()).as(curated.err()).isZero();
    assertThat(curated.out()).contains(nodes + " (curated nodes): 2 rows, 2 used")
        .contains(sif + " (curated edges (SIF)): 1 rows, 1 used").doesNotContain("malformed: ")
        .contains("graph: 2 concepts, 0 abstracts, 1 concept-concept");

    Path table = Files.writeString(dir.resolve("co.tsv"), bom + "doid_code_0\tdoid_code_1\tcooccurrence\n"
        + "d0\td1\t5\n");
    CliRun cooccurrence = CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "-o",
        dir.resolve("co").toString());
    assertThat(cooccurrence.exit()).as(cooccurrence.err()).isZero();
    assertThat(cooccurrence.out()).contains("1 rows, 1 used").contains("graph: 2 concepts, 0 abstracts, 1");
  }

  @Test
  void buildStoresTheGraphAndReportsEachInput() throws IOException {
    Path kg = build("--apsp");
    assertThat(kg.resolve("graph.json")).exists();
    assertThat(kg.resolve("apsp.npy")).exists();
    assertThat(kg.resolve("apsp.npy.json")).exists();
    assertThat(Files.readString(kg.resolve("graph.json"))).contains("triples.tsv (triples): 13 rows, 13 used");
  }

  /**
   * Triples given as --citations: every row malformed, yet the build went on from the triples and stored a graph
   * without the years the user asked for, exit 0.
   */
  @Test
  void anInputOfWhichNoRowCouldBeReadIsRefused() throws IOException {
    Path triples = swansonTriples();
    Path kg = dir.resolve("wrong");
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "--citations",
        triples.toString(), "-o", kg.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("every one of the 14 rows of " + triples + " is malformed as CITATIONS (see"
        + " above): is it the file for that option? nothing written");
    assertThat(kg).doesNotExist();
  }

  @Test
  void buildRefusesBadInputWithExitTwo() throws IOException {
    CliRun none = CliRun.of(new KgCommand(), "build", "-o", dir.resolve("x").toString());
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("no input");

    CliRun missing = CliRun.of(new KgCommand(), "build", "--predications", dir.resolve("nope.csv").toString(), "-o",
        dir.resolve("x").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("nope.csv").contains("no such input file");

    Path bad = Files.writeString(dir.resolve("P.csv"), "\"1\",\"2\",\"3\"\n");
    CliRun strict = CliRun.of(new KgCommand(), "build", "--predications", bad.toString(), "--strict", "-o",
        dir.resolve("x").toString());
    assertThat(strict.exit()).isEqualTo(2);
    assertThat(strict.err()).contains("P.csv, line 1").contains("3 fields");
    assertThat(dir.resolve("x")).doesNotExist();

    Path sif = Files.writeString(dir.resolve("c.sif"), "A\trel\tB\n");
    CliRun mixed = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "--curated-edges",
        sif.toString(), "-o", dir.resolve("x").toString());
    assertThat(mixed.exit()).isEqualTo(2);
    assertThat(mixed.err()).contains("cannot share one knowledge graph");

    assertThat(CliRun.of(new KgCommand(), "build", "--bogus").exit()).isEqualTo(2);

    CliRun filter = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "--max-p-value",
        "2", "-o", dir.resolve("x").toString());
    assertThat(filter.exit()).isEqualTo(2);
    assertThat(filter.err()).contains("max p-value must be in [0, 1]");
    assertThat(filter.out()).as("refused before reading").doesNotContain("triples");
  }

  /**
   * An abstract's year dates every row of it whatever the order of the inputs: a SemMedDB predication (read before
   * the triples' rows used to be) and an undated triple of PMID:7 take the year a later triple gives PMID:7.
   */
  @Test
  void rowsAreDatedByTheirAbstractWhereverItsYearIsGiven() throws IOException {
    Path predications = Files.writeString(dir.resolve("P.csv"), "\"1\",\"2\",\"7\",\"TREATS\",\"C1\",\"a\","
        + "\"phsu\",1,\"C2\",\"b\",\"dsyn\",1,\\N,\\N,\\N\n");
    Path triples = Files.writeString(dir.resolve("t.tsv"), "C3\tX\tC4\t7\nC5\tX\tC6\t7\t2006\n");
    Path kg = dir.resolve("dated");
    CliRun run = CliRun.of(new KgCommand(), "build", "--predications", predications.toString(), "--triples",
        triples.toString(), "-o", kg.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(Files.readAllLines(kg.resolve("edges.tsv"))).filteredOn(l -> l.contains("concept-concept"))
        .hasSize(3).allSatisfy(l -> assertThat(l).endsWith("\t2006:1"));
  }

  /** Each SemMedDB dump's report ends with how long it took and how fast it went, in rows and bytes of the file. */
  @Test
  void aDumpsReportEndsWithItsReadRate() throws IOException {
    Path citations = Files.writeString(dir.resolve("C.csv"), "\"7\",\"x\",\"2006\",\"2006\",\"2006\"\n");
    Path predications = Files.writeString(dir.resolve("P.csv"), "\"1\",\"2\",\"7\",\"TREATS\",\"C1\",\"a\","
        + "\"phsu\",1,\"C2\",\"b\",\"dsyn\",1,\\N,\\N,\\N\n");
    CliRun run = CliRun.of(new KgCommand(), "build", "--citations", citations.toString(), "--predications",
        predications.toString(), "-o", dir.resolve("kg").toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out())
        .containsPattern("C\\.csv \\(CITATIONS\\): 1 rows, 1 used, 0 malformed\\R  read in \\d+\\.\\d\\d s: [\\d,]+"
            + " rows/s, \\d+\\.\\d MB/s of the file as stored\\R")
        .containsPattern("P\\.csv \\(PREDICATION\\): 1 rows, 1 used, 0 malformed\\R  read in .* rows/s, .* MB/s of"
            + " the file as stored\\R");
  }

  /** A build that yields no edge (every row malformed, or none of the kinds asked for) is an error, not a graph. */
  @Test
  void aBuildWithoutEdgesWritesNothing() throws IOException {
    Path garbage = Files.writeString(dir.resolve("garbage.tsv"), "not a triple\nnor this\n");
    CliRun malformed = CliRun.of(new KgCommand(), "build", "--triples", garbage.toString(), "-o",
        dir.resolve("x").toString());
    assertThat(malformed.exit()).isEqualTo(2);
    assertThat(malformed.out()).contains("2 malformed");
    assertThat(malformed.err()).contains("no edges of the kinds built").contains("2 rows read, 2 malformed")
        .contains("nothing written");
    assertThat(dir.resolve("x")).doesNotExist();

    CliRun wrongKind = CliRun.of(new KgCommand(), "build", "--triples", swansonTriples().toString(), "--edges",
        "citation", "-o", dir.resolve("x").toString());
    assertThat(wrongKind.exit()).isEqualTo(2);
    assertThat(wrongKind.err()).contains("(citation)").contains("0 malformed");
    assertThat(dir.resolve("x")).doesNotExist();
  }

  @Test
  void openDiscoveryFromTheStoredApspAndBySearch() throws IOException {
    Path kg = build("--apsp");
    for (String apsp : new String[] {"auto", "none"}) {
      CliRun run = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS, "--apsp",
          apsp, "--top", "3", "--as-of", "1985");
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).contains("graph as of 1985").contains("single-source search");
      String firstRow = run.out().lines().filter(l -> l.startsWith("   1  ")).findFirst().orElseThrow();
      assertThat(firstRow).contains(RAYNAUD);
    }
  }

  /**
   * A stored APSP given by name with --as-of is refused for what it is, the whole graph's distances, before the
   * graph is read; the sidecar check alone called it "a different graph", which sent users looking for another file.
   */
  @Test
  void anApspFileWithAsOfIsRefusedAsTheWholeGraphs() throws IOException {
    Path kg = build("--apsp");
    CliRun run = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS, "--apsp",
        kg.resolve("apsp.npy").toString(), "--as-of", "1985");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("holds distances of the whole graph, but --as-of 1985 asks for its slice")
        .contains("--apsp none").doesNotContain("different graph");
    assertThat(run.out()).doesNotContain("graph as of");
  }

  @Test
  void openDiscoveryReadsTheStoredApspOfTheWholeGraph() throws IOException {
    Path kg = build("--apsp");
    CliRun run = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY, "--top",
        "3");
    assertThat(run.exit()).as(run.err()).isZero();
    // Raynaud (C0034734) is a neighbour; thrombocytopenia (C0040034) two steps beyond it is the closest non-neighbour.
    assertThat(run.out()).contains("stored APSP").contains("   1  C0040034");
  }

  /** A year outside the data's is answered with the years there are: refused before them, noted after. */
  @Test
  void asOfOutsideTheDataGivesItsYearRange() throws IOException {
    Path kg = build();
    CliRun before = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS,
        "--as-of", "1970");
    assertThat(before.exit()).isEqualTo(2);
    assertThat(before.err()).contains("as of 1970 would be empty").contains("dates from 1980 to 1990");
    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "--as-of", "1970");
    assertThat(closed.exit()).isEqualTo(2);
    assertThat(closed.err()).contains("dates from 1980 to 1990");

    CliRun after = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS,
        "--as-of", "2090");
    assertThat(after.exit()).as(after.err()).isZero();
    assertThat(after.out()).contains("graph as of 2090").contains("dates from 1980 to 1990, so no year is cut");
    CliRun within = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS,
        "--as-of", "1990");
    assertThat(within.out()).contains("graph as of 1990").doesNotContain("dates from");

    CliRun time = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1995",
        "--to-year", "2000");
    assertThat(time.exit()).isEqualTo(2);
    assertThat(time.err()).contains("no concept pair became linked").contains("dates from 1980 to 1990");
  }

  /**
   * A node with no evidence yet by the --as-of year is not an unknown id: the refusal says when it first appears, or
   * that its evidence has no year, for open and closed discovery alike.
   */
  @Test
  void aNodeLaterThanAsOfIsRefusedWithTheYearItAppears() throws IOException {
    Path kg = build();
    String later = "C0020538"; // first evidenced in 1982
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", later, "--as-of",
        "1981");
    assertThat(open.exit()).isEqualTo(2);
    assertThat(open.err()).contains("node '" + later + "' first appears in 1982: the graph as of 1981 does not"
        + " contain it (--as-of 1982 or later does)").doesNotContain("no node");
    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        later, "--as-of", "1981", "--json");
    assertThat(closed.exit()).isEqualTo(2);
    assertThat(closed.err()).contains("first appears in 1982");
    assertThat(closed.out()).isEmpty();
    CliRun unknown = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        "C9", "--as-of", "1981");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("no node 'C9'");

    Path undated = Files.writeString(dir.resolve("undated.tsv"), "A\tX\tB\t1\t2000\nB\tX\tC\nA\tX\tC\t2\n");
    Path kgUndated = dir.resolve("undated");
    assertThat(CliRun.of(new KgCommand(), "build", "--triples", undated.toString(), "-o", kgUndated.toString())
        .exit()).isZero();
    CliRun noYear = CliRun.of(new DiscoverCommand(), "open", "--kg", kgUndated.toString(), "--source", "C",
        "--as-of", "2000");
    assertThat(noYear.exit()).isEqualTo(2);
    assertThat(noYear.err()).contains("node 'C' has evidence of unknown year only, which --as-of leaves out");
  }

  /**
   * A stored APSP answers for every choice of edge kinds that makes the same graph: one built over all kinds of a
   * co-occurrence graph (concept-concept edges only) serves validate curated's concept-concept paths; one over other
   * edges than those asked for is not used, and the output says why.
   */
  @Test
  void theStoredApspIsReusedWheneverItIsOfTheSameGraph() throws IOException {
    Path curated = curatedCycle("curated");
    Path table = Files.writeString(dir.resolve("co.tsv"), "d0\td1\t5\nd1\td2\t3\nd2\td3\t2\n");
    Path literature = dir.resolve("lit");
    CliRun build = CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "--apsp", "-o",
        literature.toString());
    assertThat(build.exit()).as(build.err()).isZero();

    CliRun compare = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString());
    assertThat(compare.exit()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("distances: stored APSP " + literature.resolve("apsp.npy"));
    // the graph directory for --apsp: it exists, and was "no such APSP result"
    CliRun directory = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString(), "--apsp", literature.toString());
    assertThat(directory.exit()).isEqualTo(2);
    assertThat(directory.err()).contains("--apsp " + literature + " is a directory; give the .npy file ("
        + literature.resolve("apsp.npy") + ")");
    // the two given the wrong way round: "no concept maps" sent the user to the mapping
    CliRun swapped = CliRun.of(new ValidateCommand(), "curated", "--literature", curated.toString(),
        "--curated", literature.toString());
    assertThat(swapped.exit()).isEqualTo(2);
    assertThat(swapped.err()).contains("--literature " + curated + " is a curated graph")
        .contains("give them the other way round");
    CliRun citations = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString(), "--edges", "citation");
    assertThat(citations.exit()).isEqualTo(2);
    assertThat(citations.err()).contains("the literature graph " + literature + " has no edges of the kind citation");

    Path kg = build("--apsp", "--apsp-edges", "concept-concept,citation");
    CliRun other = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY);
    assertThat(other.exit()).as(other.err()).isZero();
    // The graph has no citation edges: the hint names the kinds the paths really use, which a build accepts.
    assertThat(other.out()).contains("single-source search (the stored APSP is over concept-concept,citation"
        + " edges, these paths use concept-concept,concept-abstract; 'tropic kg build ... --apsp --apsp-edges"
        + " concept-concept,concept-abstract' stores one for them)");
    CliRun same = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY, "--edges",
        "concept-concept");
    assertThat(same.out()).contains("distances: stored APSP");
  }

  /** Paths over edge kinds the graph (or its slice) has none of would find nothing: refused, with the kinds it has. */
  @Test
  void edgeKindsTheGraphHasNoneOfAreRefused() throws IOException {
    Path kg = build();
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY, "--edges",
        "citation");
    assertThat(open.exit()).isEqualTo(2);
    assertThat(open.err()).contains("--edges citation: the graph has no edges of the kind citation, so no path can"
        + " use them;").contains("; it has concept-concept (")
        .contains("concept-abstract (");

    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "--edges", "citation", "--as-of", "1985");
    assertThat(closed.exit()).isEqualTo(2);
    assertThat(closed.err()).contains("--edges citation: the graph as of 1985 has no edges of the kind citation");

    CliRun some = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY, "--edges",
        "concept-concept,citation");
    assertThat(some.exit()).as(some.err()).isZero();
  }

  /** A stored APSP the manifest lists but the directory lacks is bad input naming the file and both ways on. */
  @Test
  void aDeletedStoredApspIsNamedWithTheWaysOn() throws IOException {
    Path kg = build("--apsp");
    Files.delete(kg.resolve("apsp.npy"));
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY);
    assertThat(open.exit()).isEqualTo(2);
    assertThat(open.err()).contains(kg.resolve("apsp.npy") + ": the stored APSP result that "
        + kg.resolve("graph.json") + " lists is missing").contains("--apsp none").contains("kg build ... --apsp");

    CliRun search = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY,
        "--apsp", "none");
    assertThat(search.exit()).as(search.err()).isZero();
    assertThat(search.out()).contains("single-source search");

    CliRun given = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", VISCOSITY,
        "--apsp", dir.resolve("other.npy").toString());
    assertThat(given.exit()).isEqualTo(2);
    assertThat(given.err()).contains("other.npy: no such APSP result").contains("--apsp none");
  }

  /** --json prints the candidates alone on standard output, the table's facts with each path's steps. */
  @Test
  void openDiscoveryAsJson() throws IOException {
    Path kg = build("--apsp");
    CliRun table = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS, "--top",
        "3", "--as-of", "1985");
    CliRun json = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS, "--top",
        "3", "--as-of", "1985", "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    assertThat(json.err()).contains("graph as of 1985").contains("single-source search");
    JsonNode result = new ObjectMapper().readTree(json.out());
    assertThat(result.get("source").get("id").asText()).isEqualTo(FISH_OILS);
    assertThat(result.get("as_of").asInt()).isEqualTo(1985);
    JsonNode candidates = result.get("candidates");
    assertThat(candidates).hasSize((int) table.out().lines().filter(l -> l.matches(" {3}\\d  .*")).count());
    JsonNode first = candidates.get(0);
    assertThat(first.get("rank").asInt()).isEqualTo(1);
    assertThat(first.get("id").asText()).isEqualTo(RAYNAUD);
    JsonNode path = first.get("path");
    assertThat(path.get("nodes").get(0).get("id").asText()).isEqualTo(FISH_OILS);
    assertThat(path.get("nodes").get(path.get("hops").asInt()).get("id").asText()).isEqualTo(RAYNAUD);
    assertThat(path.get("intermediates").get(0).asText()).isEqualTo(VISCOSITY);
    double stepLengths = 0;
    for (JsonNode step : path.get("steps")) {
      stepLengths += step.get("length").asDouble();
      assertThat(step.get("first_year").asInt()).isBetween(1980, 1985);
    }
    assertThat(stepLengths).isCloseTo(first.get("distance").asDouble(), within(1e-5));
    for (JsonNode candidate : candidates) {
      assertThat(candidate.get("path").get("length").asText()).as("path length of " + candidate.get("id"))
          .isEqualTo(candidate.get("distance").asText());
    }
  }

  /** Node kinds and semantic types the graph lacks are refused, not answered with an empty table. */
  @Test
  void openDiscoveryRefusesFiltersTheGraphLacks() throws IOException {
    Path kg = build();
    CliRun type = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS, "--types",
        "dsyn");
    assertThat(type.exit()).isEqualTo(2);
    assertThat(type.err()).contains("no concept of semantic type 'dsyn'").contains("nodes have no semantic type");
    CliRun kind = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS,
        "--node-kinds", "abstract", "--edges", "concept-concept");
    assertThat(kind.exit()).isEqualTo(2);
    assertThat(kind.err()).contains("no abstract node");
    for (String both : new String[] {"both", "concept,abstract"}) {
      CliRun either = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", FISH_OILS,
          "--node-kinds", both, "--top", "50");
      assertThat(either.exit()).as(both + ": " + either.err()).isZero();
      assertThat(either.out()).as(both).contains("PMID:");
    }
    CliRun none = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "-k", "0");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("must be at least 1");
  }

  /** Closed discovery's --json: each path from A to C with its steps, shortest first. */
  @Test
  void closedDiscoveryAsJson() throws IOException {
    Path kg = build();
    CliRun run = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        "C0040034", "-k", "2", "--edges", "concept-concept", "--json");
    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode result = new ObjectMapper().readTree(run.out());
    assertThat(result.get("edges")).hasSize(1);
    JsonNode paths = result.get("paths");
    assertThat(paths).hasSize(2);
    assertThat(paths.get(0).get("length").asDouble()).isLessThanOrEqualTo(paths.get(1).get("length").asDouble());
    for (JsonNode path : paths) {
      JsonNode nodes = path.get("nodes");
      assertThat(nodes.get(0).get("id").asText()).isEqualTo(FISH_OILS);
      assertThat(nodes.get(nodes.size() - 1).get("id").asText()).isEqualTo("C0040034");
      assertThat(path.get("steps")).hasSize(nodes.size() - 1);
    }
  }

  /** A k beyond the simple paths there are is answered with all of them and a note, not silently cut. */
  @Test
  void closedDiscoverySaysWhenFewerThanKPathsExist() throws IOException {
    Path kg = build();
    CliRun run = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "-k", "1000", "--edges", "concept-concept", "--as-of", "1985");
    assertThat(run.exit()).as(run.err()).isZero();
    // By 1985 fish oils reach Raynaud only through blood viscosity.
    assertThat(run.out()).contains(": 1 path(s)").contains("only 1 simple path(s) join " + FISH_OILS + " and "
        + RAYNAUD + " in the concept-concept graph, fewer than the 1000 asked for (-k)");

    CliRun json = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "-k", "1000", "--edges", "concept-concept", "--as-of", "1985", "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    assertThat(json.err()).contains("only 1 simple path(s)");
    JsonNode result = new ObjectMapper().readTree(json.out());
    assertThat(result.get("k").asInt()).isEqualTo(1000);
    assertThat(result.get("paths")).hasSize(1);

    CliRun enough = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        RAYNAUD, "-k", "1", "--edges", "concept-concept", "--as-of", "1985");
    assertThat(enough.out()).doesNotContain("only ");
  }

  /** A curated graph stored as {@code name}: the 4-cycle of diseases d0–d1–d2–d3–d0, every edge of length 1. */
  private Path curatedCycle(String name) throws IOException {
    StringBuilder nodes = new StringBuilder("id\tname\tkind\n");
    StringBuilder sif = new StringBuilder("source\tmetaedge\ttarget\n");
    for (int i = 0; i < 4; i++) {
      nodes.append("Disease::d").append(i).append("\td").append(i).append("\tDisease\n");
      sif.append("Disease::d").append(i).append("\tDrD\tDisease::d").append((i + 1) % 4).append('\n');
    }
    Path curated = dir.resolve(name);
    assertThat(CliRun.of(new KgCommand(), "build", "--curated-nodes", Files.writeString(dir.resolve("nodes.tsv"),
        nodes.toString()).toString(), "--curated-edges", Files.writeString(dir.resolve("edges.sif"),
        sif.toString()).toString(), "-o", curated.toString()).exit()).isZero();
    return curated;
  }

  /**
   * On a curated graph, whose edges all have length 1, the k-th place is often one of several paths of one length:
   * the output says so, or a 4-cycle's two halves would read as one shortest path and a longer one not shown.
   */
  @Test
  void closedDiscoverySaysWhenPathsNotShownTieTheKth() throws IOException {
    Path cycle = curatedCycle("cycle");

    CliRun one = CliRun.of(new DiscoverCommand(), "closed", "--kg", cycle.toString(), "-a", "Disease::d0", "-c",
        "Disease::d2", "-k", "1");
    assertThat(one.exit()).as(one.err()).isZero();
    assertThat(one.out()).contains(": 1 path(s)", "1. length 2.0000, 2 edge(s), via d1 [Disease::d1]",
        "note: at least 1 more path(s) not shown tie path 1's length, 2.0000");
    CliRun json = CliRun.of(new DiscoverCommand(), "closed", "--kg", cycle.toString(), "-a", "Disease::d0", "-c",
        "Disease::d2", "-k", "1", "--json");
    assertThat(new ObjectMapper().readTree(json.out()).get("tied_beyond_k").asInt()).isEqualTo(1);
    assertThat(json.err()).contains("note: at least 1 more path(s) not shown");

    CliRun both = CliRun.of(new DiscoverCommand(), "closed", "--kg", cycle.toString(), "-a", "Disease::d0", "-c",
        "Disease::d2", "-k", "2");
    assertThat(both.out()).contains(": 2 path(s)").doesNotContain("note:");
  }

  /**
   * Two billion paths between two concepts of a 30-concept clique (which has far more simple paths) would fill
   * hundreds of GiB with candidates: refused before the search, exit 2, with the estimate's numbers.
   */
  @Test
  @Timeout(120)
  void closedDiscoveryRefusesAKWhosePathsCannotFitTheHeap() throws IOException {
    StringBuilder clique = new StringBuilder("subject\tpredicate\tobject\n");
    for (int a = 0; a < 30; a++) {
      for (int b = a + 1; b < 30; b++) {
        clique.append(String.format("C%07d\tASSOCIATED_WITH\tC%07d%n", a, b));
      }
    }
    Path kg = dir.resolve("clique");
    CliRun build = CliRun.of(new KgCommand(), "build", "--triples",
        Files.writeString(dir.resolve("clique.tsv"), clique).toString(), "-o", kg.toString());
    assertThat(build.exit()).as(build.err()).isZero();

    CliRun run = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "C0000000", "--to",
        "C0000029", "-k", "2000000000");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("closed: closed discovery of 2,000,000,000 shortest simple paths")
        .contains("candidates of at least").containsPattern("needs [\\d.]+ GiB \\([\\d,]+ bytes\\) but only")
        .contains("lower -k");
    assertThat(run.out()).doesNotContain("path(s)");

    CliRun small = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "C0000000", "--to",
        "C0000029", "-k", "50");
    assertThat(small.exit()).as(small.err()).isZero();
    assertThat(small.out()).contains(": 50 path(s)");
  }

  @Test
  void closedDiscoveryPrintsPathsWithEvidence() throws IOException {
    Path kg = build();
    CliRun run = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", FISH_OILS, "--to",
        "C0040034", "-k", "2", "--edges", "concept-concept");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("1. length").contains(FISH_OILS + " -- " + RAYNAUD).contains("count 1");

    CliRun unknown = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "C9", "--to",
        RAYNAUD);
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("no node 'C9'");
    CliRun lowerCase = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source",
        FISH_OILS.toLowerCase(java.util.Locale.ROOT));
    assertThat(lowerCase.exit()).isEqualTo(2);
    assertThat(lowerCase.err()).contains("did you mean " + FISH_OILS + "?");

    CliRun noGraph = CliRun.of(new DiscoverCommand(), "open", "--kg", dir.resolve("none").toString(), "--source",
        FISH_OILS);
    assertThat(noGraph.exit()).isEqualTo(2);
    assertThat(noGraph.err()).contains("not a stored knowledge graph");
  }

  @Test
  void timeValidationRunsOnADatedGraph() throws IOException {
    Path kg = build();
    CliRun run = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1985",
        "--to-year", "1990", "--plots", dir.resolve("plots").toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("2 concept pairs newly linked by 1990").contains("KS on path length")
        .contains("ROC AUC");
    assertThat(dir.resolve("plots").resolve("time-roc.png")).exists();

    CliRun json = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1985",
        "--to-year", "1990", "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(json.out());
    assertThat(report.get("newly_linked_pairs").asInt()).isEqualTo(2);
    assertThat(report.get("new_links").get("pairs").asInt()).isEqualTo(2);
    assertThat(report.get("random_unlinked_pairs").get("pairs").asInt()).isPositive();
    assertThat(report.get("auc_length").asDouble()).isBetween(0.0, 1.0);
    assertThat(report.get("ks_length").get("d").asDouble()).isBetween(0.0, 1.0);
  }

  /**
   * Bad option values are refused before the stored graph is loaded (a large one takes a while): the error names
   * the option, not the graph directory, which here does not exist.
   */
  @Test
  void badOptionValuesAreRefusedBeforeTheGraphIsLoaded() {
    String absent = dir.resolve("absent").toString();
    CliRun years = CliRun.of(new ValidateCommand(), "time", "--kg", absent, "--from-year", "1990", "--to-year",
        "1985");
    assertThat(years.exit()).isEqualTo(2);
    assertThat(years.err()).contains("the first year must come before the second").doesNotContain("absent");
    CliRun rank = CliRun.of(new DiscoverCommand(), "open", "--kg", absent, "--source", "A", "--rank", "nearest");
    assertThat(rank.exit()).isEqualTo(2);
    assertThat(rank.err()).contains("unknown ranking 'nearest'").doesNotContain("absent");
    CliRun kinds = CliRun.of(new DiscoverCommand(), "closed", "--kg", absent, "-a", "A", "-c", "C", "--edges",
        "cites");
    assertThat(kinds.exit()).isEqualTo(2);
    assertThat(kinds.err()).contains("unknown edge kind 'cites'").doesNotContain("absent");
  }

  /**
   * A --plots that names a file is refused before the validation runs, as for 'validate curated': time and holdout
   * used to run the whole validation, print it and then fail to write the charts with exit 1.
   */
  @Test
  void timeAndHoldoutRefusePlotsOnAFileBeforeTheWork() throws IOException {
    Path kg = build();
    Path aFile = Files.writeString(dir.resolve("a-file"), "not a directory\n");
    CliRun time = CliRun.of(new ValidateCommand(), "time", "--kg", kg.toString(), "--from-year", "1985",
        "--to-year", "1990", "--plots", aFile.toString());
    assertThat(time.exit()).isEqualTo(2);
    assertThat(time.err()).contains("--plots " + aFile + " is a file, not a directory");
    assertThat(time.out()).doesNotContain("KS on path length");

    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), "id\tname\tkind\nCompound::c\tc\tCompound\n"
        + "Disease::d\td\tDisease\n");
    Path sif = Files.writeString(dir.resolve("edges.sif"), "Compound::c\tCtD\tDisease::d\n");
    CliRun holdout = CliRun.of(new ValidateCommand(), "holdout", "--curated-nodes", nodes.toString(),
        "--curated-edges", sif.toString(), "--relation", "CtD", "--plots", aFile.toString());
    assertThat(holdout.exit()).isEqualTo(2);
    assertThat(holdout.err()).contains("--plots " + aFile + " is a file, not a directory");
    assertThat(holdout.out()).doesNotContain("(curated nodes)"); // refused before reading
  }

  /**
   * A curated comparison of fewer than two pairs says nothing: one concept named, or a curated graph of one edge,
   * is refused (exit 2) with what was got and what is needed, before the stored APSP is loaded; it used to print a
   * table of 0 pairs and exit 0.
   */
  @Test
  void aCuratedComparisonOfFewerThanTwoPairsIsRefused() throws IOException {
    Path curated = dir.resolve("curated");
    assertThat(CliRun.of(new KgCommand(), "build", "--curated-nodes", Files.writeString(dir.resolve("nodes.tsv"),
        "id\tname\tkind\nDisease::d0\td0\tDisease\nDisease::d1\td1\tDisease\nDisease::d2\td2\tDisease\n")
        .toString(), "--curated-edges", Files.writeString(dir.resolve("edges.sif"), "Disease::d0\tDrD\tDisease::d1\n"
        + "Disease::d1\tDrD\tDisease::d2\n").toString(), "-o", curated.toString()).exit()).isZero();
    Path table = Files.writeString(dir.resolve("co.tsv"), "d0\td1\t5\nd1\td2\t3\n");
    Path literature = dir.resolve("lit");
    assertThat(CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "--apsp", "-o",
        literature.toString()).exit()).isZero();

    CliRun one = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(), "--curated",
        curated.toString(), "--concepts", "d1");
    assertThat(one.exit()).isEqualTo(2);
    assertThat(one.err()).contains("curated: 1 of the 1 named literature concept maps to a node of"
        + " the curated graph (mapping: direct").contains("): no pair to compare; a comparison needs at least 2"
        + " pairs (3 concepts that map); name more concepts that map");
    assertThat(one.out()).doesNotContain("pairs compared").doesNotContain("stored APSP");
    CliRun two = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(), "--curated",
        curated.toString(), "--max-concepts", "2", "--json");
    assertThat(two.exit()).isEqualTo(2);
    assertThat(two.out()).isEmpty();
    assertThat(two.err()).contains("3 of the 3 literature concepts map").contains("max concepts 2 keeps 2: 1 pair");
    CliRun all = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(), "--curated",
        curated.toString());
    assertThat(all.exit()).as(all.err()).isZero();
    assertThat(all.out()).contains("3 of 3 literature concepts map; 3 pairs compared");

    Path oneEdge = dir.resolve("one-edge");
    assertThat(CliRun.of(new KgCommand(), "build", "--curated-nodes", dir.resolve("nodes.tsv").toString(),
        "--curated-edges", Files.writeString(dir.resolve("one.sif"), "Disease::d0\tDrD\tDisease::d1\n").toString(),
        "-o", oneEdge.toString()).exit()).isZero();
    CliRun oneRow = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(), "--curated",
        oneEdge.toString());
    assertThat(oneRow.exit()).isEqualTo(2);
    assertThat(oneRow.err()).contains("2 of the 3 literature concepts map to a node of the curated graph")
        .contains("1 pair to compare").endsWith("check the curated graph and the mapping" + System.lineSeparator());
  }

  @Test
  void holdoutAndCuratedValidationsRun() throws IOException {
    StringBuilder nodes = new StringBuilder("id\tname\tkind\n");
    StringBuilder sif = new StringBuilder("source\tmetaedge\ttarget\n");
    for (int i = 0; i < 12; i++) {
      nodes.append("Compound::c").append(i).append("\tc").append(i).append("\tCompound\n");
      nodes.append("Disease::d").append(i).append("\td").append(i).append("\tDisease\n");
      nodes.append("Gene::g").append(i).append("\tg").append(i).append("\tGene\n");
      sif.append("Compound::c").append(i).append("\tCtD\tDisease::d").append(i).append('\n');
      sif.append("Compound::c").append(i).append("\tCbG\tGene::g").append(i).append('\n');
      sif.append("Disease::d").append(i).append("\tDaG\tGene::g").append(i).append('\n');
      sif.append("Gene::g").append(i).append("\tGiG\tGene::g").append((i + 1) % 12).append('\n');
    }
    Path nodeFile = Files.writeString(dir.resolve("nodes.tsv"), nodes.toString());
    Path edgeFile = Files.writeString(dir.resolve("edges.sif"), sif.toString());
    CliRun holdout = CliRun.of(new ValidateCommand(), "holdout", "--curated-nodes", nodeFile.toString(),
        "--curated-edges", edgeFile.toString(), "--relation", "CtD", "--fraction", "0.5");
    assertThat(holdout.exit()).as(holdout.err()).isZero();
    assertThat(holdout.out()).contains("6 of 12 'CtD' edges (Compound - Disease) hidden")
        .contains("ROC AUC (shorter = link): length 1.0000");
    CliRun holdoutJson = CliRun.of(new ValidateCommand(), "holdout", "--curated-nodes", nodeFile.toString(),
        "--curated-edges", edgeFile.toString(), "--relation", "CtD", "--fraction", "0.5", "--json");
    assertThat(holdoutJson.exit()).as(holdoutJson.err()).isZero();
    assertThat(holdoutJson.err()).contains("(curated nodes)"); // what was read, kept off the JSON
    JsonNode held = new ObjectMapper().readTree(holdoutJson.out());
    assertThat(held.get("hidden").asInt()).isEqualTo(6);
    assertThat(held.get("relation_edges").asInt()).isEqualTo(12);
    assertThat(held.get("hidden_links").get("pairs").asInt()).isEqualTo(6);
    assertThat(held.get("auc_length").asDouble()).isEqualTo(1.0);

    Path curated = dir.resolve("curated");
    assertThat(CliRun.of(new KgCommand(), "build", "--curated-nodes", nodeFile.toString(), "--curated-edges",
        edgeFile.toString(), "-o", curated.toString()).exit()).isZero();
    Path table = Files.writeString(dir.resolve("co.tsv"), "d0\td1\t5\nd1\td2\t3\nd3\tx\t2\n");
    Path literature = dir.resolve("lit");
    assertThat(CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "-o",
        literature.toString()).exit()).isZero();
    CliRun compare = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString(), "--plots", dir.resolve("plots").toString());
    assertThat(compare.exit()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("4 of 5 literature concepts map; 6 pairs compared").contains("scenario 2b");
    assertThat(dir.resolve("plots").resolve("curated-scenarios.svg")).exists();
    CliRun compareJson = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString(), "--json");
    assertThat(compareJson.exit()).as(compareJson.err()).isZero();
    JsonNode comparison = new ObjectMapper().readTree(compareJson.out());
    assertThat(comparison.get("mapped").asInt()).isEqualTo(4);
    assertThat(comparison.get("pairs").asInt()).isEqualTo(6);
    long inScenarios = 0;
    for (JsonNode scenario : comparison.get("scenarios")) {
      inScenarios += scenario.get("pairs").asLong();
    }
    assertThat(inScenarios + comparison.get("joined_in_neither").asLong()).isEqualTo(6);
    assertThat(comparison.get("examples")).isNotEmpty();

    CliRun noRelation = CliRun.of(new ValidateCommand(), "holdout", "--kg", curated.toString(), "--relation",
        "XYZ");
    assertThat(noRelation.exit()).isEqualTo(2);
    assertThat(noRelation.err()).contains("no edge of relation 'XYZ'");

    for (String fraction : new String[] {"0", "1.5", "x"}) {
      CliRun badShare = CliRun.of(new ValidateCommand(), "holdout", "--kg", dir.resolve("absent").toString(),
          "--relation", "CtD", "--fraction", fraction);
      assertThat(badShare.exit()).as(fraction).isEqualTo(2);
      assertThat(badShare.err()).contains("'--fraction'").doesNotContain("absent"); // refused before loading
    }

    CliRun typo = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(), "--curated",
        curated.toString(), "--concepts", "d0,dX");
    assertThat(typo.exit()).isEqualTo(2);
    assertThat(typo.err()).contains("no concept 'dX' in the literature graph");

    Path aFile = Files.writeString(dir.resolve("a-file"), "not a directory\n");
    CliRun plotsOnAFile = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", curated.toString(), "--plots", aFile.toString());
    assertThat(plotsOnAFile.exit()).isEqualTo(2);
    assertThat(plotsOnAFile.err()).contains("--plots " + aFile + " is a file, not a directory");
    CliRun buildOnAFile = CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "-o",
        aFile.toString());
    assertThat(buildOnAFile.exit()).isEqualTo(2);
    assertThat(buildOnAFile.err()).contains("-o " + aFile + " is a file; choose a new directory")
        .doesNotContain("co-occurrence"); // refused before reading the inputs
    CliRun rebuilt = CliRun.of(new KgCommand(), "build", "--cooccurrence", table.toString(), "-o",
        literature.toString());
    assertThat(rebuilt.exit()).isZero();
    assertThat(rebuilt.out()).contains("(replacing the graph stored there before)");

    CliRun mappedNothing = CliRun.of(new ValidateCommand(), "curated", "--literature", literature.toString(),
        "--curated", literature.toString());
    assertThat(mappedNothing.exit()).isEqualTo(2);
    assertThat(mappedNothing.err()).contains("none of the 5 literature concepts maps to a node of");
  }

  @Test
  void demoRunsOnTheBundledData() {
    CliRun run = CliRun.of(new DiscoverCommand(), "demo", "--data", CliRun.examples().toString(), "--top", "3",
        "-o", dir.resolve("demo").toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("133 diseases").contains("Hidden links of multiple sclerosis [DOID:2377]")
        .contains("   1  DOID:").contains("path: multiple sclerosis [DOID:2377]")
        .contains("scenario 1   exact match").contains("133 of 133 literature concepts map; 8,778 pairs compared");
    // the curated edges' header note sits under its report, as the step's other lines do
    assertThat(run.out()).containsPattern("\\R     \\S*hetionet-v1\\.0-edges-5k\\.sif\\.gz: line 1 read as a header");
    assertThat(dir.resolve("demo").resolve("literature-kg").resolve("apsp.npy")).exists();
    assertThat(dir.resolve("demo").resolve("curated-scenarios.png")).exists();

    CliRun missing = CliRun.of(new DiscoverCommand(), "demo", "--data", dir.resolve("nothing").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("bundled example data not found", "or pass --data DIR");
  }

  /**
   * The demo writes to -o/--output and reads --data, as the other commands name them (it had --out, and --examples,
   * which apsp and validate curated take as a count); the former names still work, unlisted, for existing scripts.
   */
  @Test
  void demoTakesOutputAndDataAndItsFormerNames() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    for (String option : new String[] {"-o", "--output", "--out"}) {
      CliRun run = CliRun.of(new DiscoverCommand(), "demo", option, file.toString());
      assertThat(run.exit()).as(option).isEqualTo(2);
      assertThat(run.err()).as(option).contains("-o " + file + " is a file, not a directory");
    }
    for (String option : new String[] {"--data", "--examples"}) {
      CliRun run = CliRun.of(new DiscoverCommand(), "demo", option, dir.resolve("nothing").toString());
      assertThat(run.exit()).as(option).isEqualTo(2);
      assertThat(run.err()).as(option).contains(dir.resolve("nothing").toString(), "bundled example data not found");
    }
    String help = CliRun.of(new DiscoverCommand(), "demo", "--help").out();
    assertThat(help).contains("-o, --output=DIR", "--data=DIR").doesNotContain("--out=", "--examples");
  }

  /** A bad --disease or filter is refused before any step runs (the APSP and Hetionet take the time). */
  @Test
  void demoRefusesABadDiseaseOrFilterBeforeAnyWork() {
    String examples = CliRun.examples().toString();
    CliRun unknown = CliRun.of(new DiscoverCommand(), "demo", "--data", examples, "--disease", "DOID:99999");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("--disease DOID:99999: no node 'DOID:99999'");
    assertThat(unknown.out()).isEmpty();

    CliRun byName = CliRun.of(new DiscoverCommand(), "demo", "--data", examples, "--disease",
        "multiple sclerosis");
    assertThat(byName.exit()).isEqualTo(2);
    assertThat(byName.err()).contains("'multiple sclerosis' is the name of DOID:2377: give its id");
    assertThat(byName.out()).isEmpty();

    for (String p : new String[] {"2", "-0.5"}) {
      CliRun filter = CliRun.of(new DiscoverCommand(), "demo", "--data", examples, "--max-p-value", p);
      assertThat(filter.exit()).as(p).isEqualTo(2);
      assertThat(filter.err()).as(p).contains("max p-value must be in [0, 1]");
      assertThat(filter.out()).as(p).isEmpty();
    }
  }
}

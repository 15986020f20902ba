package org.tropic.cli.kg;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.cli.CheckpointFiles;
import org.tropic.cli.OutputPaths;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.TimeSpanConverter;
import org.tropic.cli.Version;
import org.tropic.io.DistanceStore;
import org.tropic.io.OutputLocations;
import org.tropic.io.Units;
import org.tropic.kg.CooccurrenceTableReader;
import org.tropic.kg.CuratedGraphReader;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.kg.LiteratureTableReader;
import org.tropic.kg.ReadReport;
import org.tropic.kg.SemMedDbReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tropic kg build ... -o KG}: streams the inputs into a knowledge graph and stores it (see
 * {@link KnowledgeGraphStore}), optionally with the all-pairs shortest paths of a view.
 */
@Command(name = "build", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = {"Build a knowledge graph from literature (SemMedDB dumps, citation pairs, triples, co-occurrence"
        + " tables) or from a curated graph (node table + SIF), and store it in a directory.",
        "Weights: concept-concept = Jaccard co/(n_a+n_b-co); concept-abstract = occurrence share; citation ="
            + " 1/(N_p1+N_p2); shortest paths run on -log(weight) (curated edges: length 1)."},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class KgBuildCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--predications", paramLabel = "FILE", description = "SemMedDB PREDICATION dump(s) (.csv or"
      + " .csv.gz, with or without header).")
  List<Path> predications = new ArrayList<>();

  @Option(names = "--citations", paramLabel = "FILE", description = "SemMedDB CITATIONS dump(s): publication years"
      + " (read before the predications).")
  List<Path> citations = new ArrayList<>();

  @Option(names = "--generic-concepts", paramLabel = "FILE", description = "SemMedDB GENERIC_CONCEPT dump: concepts"
      + " whose predications are dropped.")
  Path genericConcepts;

  @Option(names = "--keep-novelty-0", description = "Keep predications whose subject or object has novelty 0.")
  boolean keepNoveltyZero;

  @Option(names = "--citation-pairs", paramLabel = "FILE", description = "Citing/cited PMID pairs (CSV or TSV).")
  List<Path> citationPairs = new ArrayList<>();

  @Option(names = "--triples", paramLabel = "FILE", description = "A TSV of subject/predicate/object[/pmid[/year]];"
      + " a row without a year is dated by its abstract's year, from any row of any --triples file or --citations.")
  List<Path> triples = new ArrayList<>();

  @Option(names = "--cooccurrence", paramLabel = "FILE", description = "Pairwise co-occurrence table(s), e.g."
      + " medline-disease-disease-cooccurrence.tsv.")
  List<Path> cooccurrence = new ArrayList<>();

  @Option(names = "--cooccurrence-type", paramLabel = "TYPE", description = "Semantic type of the table's"
      + " concepts (e.g. Disease).")
  String cooccurrenceType;

  @Option(names = "--max-p-value", paramLabel = "P", defaultValue = "1",
      description = "Co-occurrence rows with a larger p_fisher make no edge (default: ${DEFAULT-VALUE}).")
  double maxPValue;

  @Option(names = "--min-enrichment", paramLabel = "E", defaultValue = "0",
      description = "Co-occurrence rows with a smaller enrichment make no edge (default: ${DEFAULT-VALUE}).")
  double minEnrichment;

  @Option(names = "--curated-nodes", paramLabel = "FILE", description = "Curated node table (id, name, kind), e.g."
      + " hetionet-v1.0-nodes.tsv; a second row for an id is malformed.")
  Path curatedNodes;

  @Option(names = "--curated-edges", paramLabel = "FILE", description = "Curated edges as SIF (source, relation,"
      + " target; a line listing several targets is one edge per target), e.g. hetionet-v1.0-edges-5k.sif.gz.")
  Path curatedEdges;

  @Option(names = "--edges", paramLabel = "KINDS", defaultValue = "all", description = "Edge kinds to build:"
      + " concept-concept, concept-abstract, citation, or all (default).")
  String edges;

  @Option(names = "--apsp", description = "Also compute and store all-pairs shortest paths (apsp.npy), planned and"
      + " shown as by 'tropic apsp' (refused before it starts if it cannot fit in the heap).")
  boolean apsp;

  @Option(names = "--apsp-edges", paramLabel = "KINDS", description = "Edge kinds the stored APSP runs over, among"
      + " those built (default: those built that have edges); needs --apsp.")
  String apspEdges;

  @Option(names = "--apsp-checkpoint", paramLabel = "FILE", description = "Save the APSP's Floyd–Warshall state to"
      + " FILE as it goes (every --apsp-checkpoint-every) and, where FILE exists, go on from it: a build stopped by a"
      + " time limit, a crash or Ctrl-C resumes its APSP from the last save. Runs fw; FILE is outside KG and is"
      + " deleted once the graph is stored; needs --apsp.")
  Path apspCheckpoint;

  @Option(names = "--apsp-checkpoint-every", paramLabel = "TIME", defaultValue = "15m",
      converter = TimeSpanConverter.class, description = "Time between APSP checkpoint saves, e.g. 90s, 15m, 2h;"
      + " each writes the matrix once (n²×4 bytes, half for an undirected view). Default: ${DEFAULT-VALUE}.")
  Duration apspCheckpointEvery;

  @Option(names = "--strict", description = "Stop at the first malformed row instead of counting it.")
  boolean strict;

  @Option(names = {"-o", "--output"}, paramLabel = "KG", required = true, description = "The graph directory to"
      + " write.")
  Path output;

  @Override
  public Integer call() {
    return KgCli.run(spec, this::build);
  }

  private int build() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    KgCli.requireGraphTarget("-o", output);
    // before the inputs are read (minutes for a SemMedDB dump): a read-only folder was found only when writing
    OutputLocations.checkCreatable(output);
    KnowledgeGraphStore.Leftovers leftovers = KnowledgeGraphStore.deleteLeftovers(output);
    if (leftovers.restored() != null) {
      err.printf(Locale.ROOT, "note: put the graph stored in %s before back in place from %s, where a build stopped"
          + " while replacing it had left it%n", output, leftovers.restored().getFileName());
    }
    if (leftovers.deleted() > 0) { // empty ones too: the note is the only trace of what was deleted
      err.printf(Locale.ROOT, "note: deleted %s of partial graph directories beside %s, left by a build killed"
          + " while writing it%n", Units.bytes(leftovers.bytes()), output);
    }
    boolean replacing = Files.exists(output);
    boolean curated = curatedEdges != null || curatedNodes != null;
    boolean literature = !predications.isEmpty() || !citationPairs.isEmpty() || !triples.isEmpty()
        || !cooccurrence.isEmpty();
    if (!curated && !literature) {
      throw new IllegalArgumentException("no input: give --predications, --triples, --cooccurrence,"
          + " --citation-pairs, or --curated-edges (with --curated-nodes)");
    }
    if (curated && curatedEdges == null) {
      throw new IllegalArgumentException("--curated-nodes needs --curated-edges (the SIF file)");
    }
    Set<EdgeKind> kinds = KgCli.kinds(edges);
    // Checked before any input is read.
    CooccurrenceTableReader.Options table = CooccurrenceTableReader.Options.defaults()
        .withSemanticType(cooccurrenceType).withFilter(maxPValue, minEnrichment).withStrict(strict);
    Set<EdgeKind> apspKinds = apspKinds(kinds);
    FloydWarshallCheckpoint checkpoint = checkpoint();
    List<ReadReport> reports = new ArrayList<>();
    // Read in a method of its own: the builder's counts are garbage once the graph is built, and the APSP planner
    // measures what the heap still has.
    KnowledgeGraph graph = read(kinds, table, reports, out);
    out.println("graph: " + graph.describe());
    if (graph.edgeCount() == 0) {
      throw new IllegalArgumentException(noEdges(reports, kinds));
    }
    refuseWhollyMalformed(reports);
    // A stop says where the solve's save stands, or that there is none, from the plan until the graph is stored:
    // while apsp.npy is written (13 s of Hetionet's) too, not the solve alone, or the log ends at a bar.
    try (var stopNote = !apsp ? null : checkpoint == null
        ? CheckpointFiles.noteOnStopWithoutCheckpoint("tropic kg build", "--apsp-checkpoint", err)
        : CheckpointFiles.noteOnStop(checkpoint, "tropic kg build", err)) {
      Apsp.Planned solve = apsp ? plan(graph, apspKinds, checkpoint, out, err) : null;
      KnowledgeGraphStore.write(graph, reports, output, solve == null ? null
          : directory -> Apsp.writeInto(directory, output, solve, out, err));
    }
    out.println("wrote " + output + (replacing ? " (replacing the graph stored there before)" : ""));
    // last: a build stopped before its graph was stored goes on from the save
    if (checkpoint != null && Files.deleteIfExists(checkpoint.file())) {
      err.printf("checkpoint %s deleted: the APSP is stored in %s%n", checkpoint.file(), output);
    }
    return KgCli.OK;
  }

  /** The APSP's plan: it refuses a solve that cannot fit, or a save of another solve, before anything is written. */
  private Apsp.Planned plan(KnowledgeGraph graph, Set<EdgeKind> apspKinds, FloydWarshallCheckpoint checkpoint,
      PrintWriter out, PrintWriter err) throws IOException {
    if (apspEdges == null) {
      // by default, the kinds built that have edges: the plan line and the manifest named kinds with none
      apspKinds.removeIf(kind -> graph.edgeCount(kind) == 0);
    }
    try {
      graph.requireEdgesOf(apspKinds, "the graph");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--apsp-edges " + KgView.labels(apspKinds) + ": " + e.getMessage()
          + "; nothing written", e);
    }
    KgView view = graph.view(apspKinds);
    // the room for apsp.npy, known now: a full disk was found only after the solve, naming the hidden staging folder
    DistanceStore.checkWritable(output.resolve(Apsp.FILE), view.size(), false);
    return checkpoint == null ? Apsp.plan(view, out) : Apsp.plan(view, checkpoint, output.resolve(Apsp.FILE), out,
        err);
  }

  /**
   * The checkpoint of {@code --apsp-checkpoint}, or {@code null}. Refused, before any input is read, without
   * {@code --apsp} (nothing would be saved), inside the graph directory (which the build replaces, save and all) and
   * where it names an input.
   */
  private FloydWarshallCheckpoint checkpoint() {
    if (apspCheckpoint == null) {
      if (spec.commandLine().getParseResult().hasMatchedOption("--apsp-checkpoint-every")) {
        throw new IllegalArgumentException("--apsp-checkpoint-every says how often to save to --apsp-checkpoint"
            + " FILE: add it");
      }
      return null;
    }
    if (!apsp) {
      throw new IllegalArgumentException("--apsp-checkpoint " + apspCheckpoint + " saves the stored APSP as it is"
          + " computed: add --apsp, or drop --apsp-checkpoint");
    }
    Path graphFolder = output.toAbsolutePath().normalize();
    if (apspCheckpoint.toAbsolutePath().normalize().startsWith(graphFolder)) {
      throw new IllegalArgumentException("--apsp-checkpoint " + apspCheckpoint + " is inside the graph directory "
          + output + ", which the build replaces as a whole: put the checkpoint beside it or elsewhere");
    }
    List<Path> inputs = new ArrayList<>();
    for (List<Path> files : List.of(predications, citations, citationPairs, triples, cooccurrence)) {
      inputs.addAll(files);
    }
    for (Path file : new Path[] {genericConcepts, curatedNodes, curatedEdges}) {
      if (file != null) {
        inputs.add(file);
      }
    }
    for (Path input : inputs) {
      OutputPaths.refuseInputAsOutput("--apsp-checkpoint", apspCheckpoint, input, "an input of the build");
    }
    return new FloydWarshallCheckpoint(apspCheckpoint, apspCheckpointEvery);
  }

  /**
   * The kinds the stored APSP runs over: those built, or those of {@code --apsp-edges}, which must be among them.
   * {@code --apsp-edges} without {@code --apsp} is refused, as the MPI options are without {@code --distributed}:
   * whoever sets it expects an effect.
   */
  private Set<EdgeKind> apspKinds(Set<EdgeKind> built) {
    if (apspEdges == null) {
      return EnumSet.copyOf(built);
    }
    if (!apsp) {
      throw new IllegalArgumentException("--apsp-edges " + apspEdges + " is for the stored APSP: add --apsp, or drop"
          + " --apsp-edges");
    }
    if (apspEdges.strip().equalsIgnoreCase("all")) {
      return EnumSet.copyOf(built);
    }
    Set<EdgeKind> wanted = KgCli.kinds(apspEdges);
    Set<EdgeKind> missing = EnumSet.copyOf(wanted);
    missing.removeAll(built);
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("--apsp-edges " + apspEdges + ": " + KgView.labels(missing)
          + (missing.size() == 1 ? " is" : " are") + " not built (--edges " + KgView.labels(built) + "); choose"
          + " among " + KgView.labels(built) + ", or add " + (missing.size() == 1 ? "it" : "them") + " to --edges");
    }
    return wanted;
  }

  /** Every input read into a fresh builder, each file's report printed and added to {@code reports}. */
  private KnowledgeGraph read(Set<EdgeKind> kinds, CooccurrenceTableReader.Options table, List<ReadReport> reports,
      PrintWriter out) throws IOException {
    boolean curated = curatedEdges != null;
    KnowledgeGraphBuilder builder = new KnowledgeGraphBuilder(kinds);
    PrintWriter err = spec.commandLine().getErr();
    for (Path file : citations) {
      long start = System.nanoTime();
      ReadReport report = report(out, SemMedDbReader.readCitations(file, builder, strict, ProgressBar.on(err)));
      out.println(readRate(file, report, start));
      reports.add(report);
    }
    // Triples next, before the predications: their year columns date abstracts, and a predication or an undated
    // triple is dated by its abstract's year as recorded when it is read.
    for (ReadReport report : LiteratureTableReader.readTriples(triples, builder, strict)) {
      reports.add(report(out, report));
    }
    SemMedDbReader.Options options = SemMedDbReader.Options.defaults().withKeepNoveltyZero(keepNoveltyZero)
        .withStrict(strict);
    if (genericConcepts != null) {
      SemMedDbReader.GenericConcepts generic = SemMedDbReader.readGenericConcepts(genericConcepts, strict);
      reports.add(report(out, generic.report()));
      options = options.withGenericConcepts(generic.cuis());
    }
    // SemMedDB dumps hold tens of millions of rows: a bar by bytes read while each is read, its rate after.
    for (Path file : predications) {
      long start = System.nanoTime();
      ReadReport report = report(out, SemMedDbReader.readPredications(file, builder, options, ProgressBar.on(err)));
      out.println(readRate(file, report, start));
      reports.add(report);
    }
    for (Path file : citationPairs) {
      reports.add(report(out, LiteratureTableReader.readCitationPairs(file, builder, strict)));
    }
    for (Path file : cooccurrence) {
      reports.add(report(out, CooccurrenceTableReader.read(file, builder, table)));
    }
    if (curated) {
      for (ReadReport report : CuratedGraphReader.read(curatedNodes, curatedEdges, builder, strict)) {
        reports.add(report(out, report));
      }
    }
    return builder.build();
  }

  /** How fast a dump was read, e.g. {@code   read in 2.1 s: 1,234,567 rows/s, 98.7 MB/s of the file as stored}. */
  private static String readRate(Path file, ReadReport report, long startNanos) throws IOException {
    double seconds = Math.max((System.nanoTime() - startNanos) / 1e9, 1e-9);
    return String.format(Locale.ROOT, "  read in %s: %,.0f rows/s, %.1f MB/s of the file as stored",
        Units.duration(seconds), report.rows() / seconds, Files.size(file) / seconds / 1e6);
  }

  /**
   * An input none of whose rows could be read is another table than its option reads (a PREDICATION dump given
   * as --citations): the build went on without it, and the graph lacked, say, every year, with exit 0.
   */
  private static void refuseWhollyMalformed(List<ReadReport> reports) {
    for (ReadReport report : reports) {
      if (report.rows() > 0 && report.malformed() == report.rows()) {
        throw new IllegalArgumentException(String.format(Locale.ROOT, "every one of the %,d rows of %s is malformed"
            + " as %s (see above): is it the file for that option? nothing written", report.rows(), report.file(),
            report.table()));
      }
    }
  }

  /** Why an empty graph is refused: a wrong file, a wrong --edges or too strict a filter, not a result. */
  private static String noEdges(List<ReadReport> reports, Set<EdgeKind> kinds) {
    long rows = reports.stream().mapToLong(ReadReport::rows).sum();
    long malformed = reports.stream().mapToLong(ReadReport::malformed).sum();
    String labels = kinds.stream().map(EdgeKind::label).collect(Collectors.joining(", "));
    return String.format(Locale.ROOT, "no edges of the kinds built (%s) came from the inputs: %,d rows read, %,d"
        + " malformed (see the counts above); nothing written", labels, rows, malformed);
  }

  private static ReadReport report(PrintWriter out, ReadReport report) {
    out.println(report.summary());
    return report;
  }
}

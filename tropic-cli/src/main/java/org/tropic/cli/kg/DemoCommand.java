package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tropic.apsp.ApspResult;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.Version;
import org.tropic.discovery.Candidate;
import org.tropic.discovery.ConceptMapping;
import org.tropic.discovery.CuratedComparison;
import org.tropic.discovery.KgDistances;
import org.tropic.discovery.OpenDiscovery;
import org.tropic.discovery.Scenario;
import org.tropic.discovery.ShortestPathTree;
import org.tropic.discovery.ValidationPlots;
import org.tropic.kg.CooccurrenceTableReader;
import org.tropic.kg.CuratedGraphReader;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.kg.NodeKind;
import org.tropic.kg.ReadReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tropic discover demo}: Tropic's main job end to end on the bundled real data ({@code examples/}): build the
 * literature graph from the MEDLINE disease co-occurrence table, compute its all-pairs shortest paths, print the top
 * hidden links of a well-known disease with their paths, and compare the literature's paths with Hetionet's.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "Literature-based discovery end to end on the bundled real data (examples/): literature graph,"
        + " APSP, hidden links of a disease with their paths, and the curated comparison against Hetionet.",
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class DemoCommand implements Callable<Integer> {
  static final String COOCCURRENCE = "literature/medline-disease-disease-cooccurrence.tsv.gz";
  static final String NODES = "hetionet/hetionet-v1.0-nodes.tsv.gz";
  static final String EDGES = "hetionet/hetionet-v1.0-edges-5k.sif.gz";

  @Spec
  CommandSpec spec;

  // The launcher names the checkout's examples/, so that the demo runs from any folder; without it (java -jar),
  // examples/ is looked for where tropic runs. --data, as sparse bench names its data folder: --examples is a count
  // of example paths in apsp and validate curated.
  @Option(names = "--data", paramLabel = "DIR", defaultValue = "${sys:tropic.examples:-examples}",
      description = "The bundled data (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--disease", paramLabel = "DOID", defaultValue = "DOID:2377", description = "The disease to find"
      + " hidden links for (default: ${DEFAULT-VALUE}, multiple sclerosis).")
  String disease;

  @Option(names = "--top", paramLabel = "N", defaultValue = "5", converter = PositiveInt.class,
      description = "Hidden links shown (default: ${DEFAULT-VALUE}).")
  int top;

  @Option(names = "--max-p-value", paramLabel = "P", defaultValue = "1", description = "Link only disease pairs"
      + " co-mentioned with Fisher p ≤ P (default: ${DEFAULT-VALUE}, which links every pair ever co-mentioned, so"
      + " hidden links were never co-mentioned).")
  double maxPValue;

  @Option(names = "--min-enrichment", paramLabel = "E", defaultValue = "0", description = "Link only pairs"
      + " co-mentioned at least E times as often as expected (default: ${DEFAULT-VALUE}).")
  double minEnrichment;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Also store the literature graph with its"
      + " APSP (DIR/literature-kg) and the scenario chart (DIR/curated-scenarios.png|svg).")
  Path out;

  // The names these options had until -o/--output and --data, unlisted, so that scripts written for them still run.
  @Option(names = "--out", paramLabel = "DIR", hidden = true, description = "The former name of -o/--output.")
  void formerOut(Path dir) {
    out = dir;
  }

  // a field of its own: picocli sets --data's default after the options typed, which would overwrite it
  @Option(names = "--examples", paramLabel = "DIR", hidden = true, description = "The former name of --data.")
  Path formerExamples;

  @Override
  public Integer call() {
    return KgCli.run(spec, this::demo);
  }

  private int demo() throws Exception {
    long start = System.nanoTime();
    PrintWriter print = spec.commandLine().getOut();
    if (out != null) {
      KgCli.requireDirectoryOrAbsent("-o", out);
      KgCli.requireGraphTarget("-o", out.resolve("literature-kg"));
    }
    CooccurrenceTableReader.Options filter = CooccurrenceTableReader.Options.defaults().withSemanticType("Disease")
        .withFilter(maxPValue, minEnrichment);
    Path cooccurrence = input(COOCCURRENCE);
    Path nodes = input(NODES);
    Path edges = input(EDGES);
    // The table takes a moment to read and the APSP and Hetionet much longer: a --disease the literature graph
    // lacks, or leaves without an edge, is refused before anything is printed.
    KnowledgeGraphBuilder literatureBuilder = new KnowledgeGraphBuilder(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    ReadReport literatureReport = CooccurrenceTableReader.read(cooccurrence, literatureBuilder, filter);
    KnowledgeGraph literature = literatureBuilder.build();
    KgView view = literature.view(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    int a = requireDisease(literature, view);

    print.println("Tropic demo: literature-based discovery on real data (" + dataFolder().resolve("PROVENANCE.md")
        + ")");
    print.println();
    print.println("1. Literature graph: diseases co-mentioned in MEDLINE abstracts");
    print.println(underStep(literatureReport.summary()));
    print.printf(Locale.ROOT, "   %,d diseases, %,d co-occurrence edges; weight = Jaccard of co-mention counts,"
        + " length = -log(weight)%n", literature.nodeCount(NodeKind.CONCEPT), literature.edgeCount());

    print.println();
    print.print("2. ");
    ApspResult apsp = Apsp.solve(Apsp.plan(view, print), print, spec.commandLine().getErr());
    KgDistances distances = KgDistances.fromMatrix(view, apsp.distances());

    print.println();
    print.println("   Curated graph: Hetionet v1.0 sample");
    KnowledgeGraphBuilder curatedBuilder = KnowledgeGraphBuilder.allKinds();
    for (ReadReport report : CuratedGraphReader.read(nodes, edges, curatedBuilder, false)) {
      print.println(underStep(report.summary()));
    }
    KnowledgeGraph curated = curatedBuilder.build();
    KgView curatedView = curated.view();
    ConceptMapping mapping = ConceptMapping.direct(curated);

    print.println();
    boolean filtered = maxPValue < 1 || minEnrichment > 0;
    print.println("3. Hidden links of " + literature.name(a) + " [" + disease + "]: diseases "
        + (filtered ? "not significantly co-mentioned" : "never co-mentioned") + " with it, closest by literature"
        + " path first");
    List<Candidate> hidden = OpenDiscovery.candidates(distances, disease,
        OpenDiscovery.Options.defaults().withLimit(top));
    Printing.candidates(print, hidden);
    print.println("   In Hetionet (curated, hops between the two diseases):");
    String curatedA = mapping.curatedId(disease);
    int fromA = curatedA == null ? -1 : curatedView.vertex(curatedA);
    ShortestPathTree tree = fromA < 0 ? null : ShortestPathTree.from(curatedView.graph(), fromA);
    for (Candidate candidate : hidden) {
      String curatedC = mapping.curatedId(candidate.id());
      int c = curatedC == null ? -1 : curatedView.vertex(curatedC);
      String where = tree == null || c < 0 ? "not in the Hetionet sample"
          : tree.pathTo(c) == null ? "not connected"
          : tree.hops(c) + " hop(s): " + curatedPath(curatedView, tree.pathTo(c));
      print.println("     " + Printing.shorten(candidate.name(), 40) + ": " + where);
    }

    print.println();
    print.println("4. Literature paths against Hetionet (COAST's scenarios; DOIDs map directly)");
    CuratedComparison.Result comparison = CuratedComparison.run(distances, curatedView, mapping, null,
        new CuratedComparison.Options(0, 1));
    printComparison(print, comparison);

    if (out != null) {
      Files.createDirectories(out);
      Path kg = out.resolve("literature-kg");
      KnowledgeGraphStore.write(literature, List.of(literatureReport), kg,
          directory -> Apsp.writeInto(directory, kg, view, apsp, ProgressBar.on(spec.commandLine().getErr())));
      ValidationPlots.scenarios(comparison.counts(), "MEDLINE co-occurrence paths vs Hetionet",
          out.resolve("curated"));
      print.println("wrote " + kg + " and " + out.resolve("curated-scenarios.png") + " (.svg)");
    }
    print.printf(Locale.ROOT, "%ndone in %.1f s%n", (System.nanoTime() - start) / 1e9);
    return KgCli.OK;
  }

  /**
   * A read report indented under its step: every line, so that the report's own notes (a header line read, the
   * malformed rows), which it indents under its first line, stay under it.
   */
  private static String underStep(String report) {
    return report.lines().map(line -> "   " + line).collect(Collectors.joining(System.lineSeparator()));
  }

  /** The --disease node, which must be in the literature graph with at least one edge. */
  private int requireDisease(KnowledgeGraph literature, KgView view) {
    try {
      view.requireVertex(disease);
      return literature.requireNode(disease);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--disease " + disease + ": " + e.getMessage(), e);
    }
  }

  /** --data, or --examples where only that former name was given. */
  private Path dataFolder() {
    boolean former = formerExamples != null && !spec.commandLine().getParseResult().hasMatchedOption("--data");
    return former ? formerExamples : data;
  }

  private Path input(String relative) throws NoSuchFileException {
    Path file = dataFolder().resolve(relative);
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "bundled example data not found: run with the"
          + " tropic launcher of a checkout, from the repository root, or pass --data DIR");
    }
    return file;
  }

  private static String curatedPath(KgView view, int[] path) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < path.length; i++) {
      if (i > 0) {
        int edge = view.kg().edgeBetween(view.node(path[i - 1]), view.node(path[i]), view.kinds());
        text.append(" -").append(view.kg().relation(edge)).append("- ");
      }
      text.append(view.kg().name(view.node(path[i])));
    }
    return text.toString();
  }

  /** Scenario counts and examples of a curated comparison. */
  static void printComparison(PrintWriter out, CuratedComparison.Result result) {
    out.printf(Locale.ROOT, "   mapping: %s; %,d of %,d literature concepts map; %,d pairs compared%n",
        result.mapping(), result.mapped(), result.candidates(), result.pairs());
    Map<Scenario, Long> counts = result.counts();
    for (Scenario scenario : Scenario.values()) {
      out.printf(Locale.ROOT, "   scenario %-3s %-55s %,8d%n", scenario.code(), scenario.description(),
          counts.get(scenario));
    }
    out.printf(Locale.ROOT, "   %-68s %,8d%n", "joined in neither graph", result.neither());
    for (CuratedComparison.Example example : result.examples()) {
      String curatedPath = example.curatedPath().isEmpty() ? "no curated path"
          : "a curated shortest path: " + String.join(" - ", example.curatedPath());
      if (example.literaturePath() == null) {
        out.println("   e.g. " + example.scenario().code() + ": no literature path; " + curatedPath);
        continue;
      }
      out.println("   e.g. " + example.scenario().code() + ": " + example.literaturePath().format());
      out.printf(Locale.ROOT, "        %d of %d edge(s) on curated shortest paths; %s%n", example.matchedEdges(),
          example.comparedEdges(), curatedPath);
    }
  }
}

package org.tropic.cli.kg;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.ApspResult;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.Device;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.Planner;
import org.tropic.apsp.Progress;
import org.tropic.cli.ApspNarration;
import org.tropic.cli.CheckpointFiles;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.SaveAnnouncer;
import org.tropic.discovery.KgDistances;
import org.tropic.io.DistanceStore;
import org.tropic.io.GraphInputException;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.Sidecar;
import org.tropic.io.Units;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.semiring.MinPlusKernels;

/**
 * All-pairs shortest paths of a knowledge-graph view with the core engine, planned, shown and solved as
 * {@code tropic apsp} does (see {@link ApspNarration}), stored beside the graph as {@code apsp.npy} with its sidecar,
 * and found again by the discovery commands.
 */
final class Apsp {
  /** The manifest's role names for the stored result and the edge kinds it was computed over. */
  static final String ROLE = "apsp";
  static final String ROLE_EDGES = "apsp-edges";
  static final String FILE = "apsp.npy";
  /** What a user can do when the planner finds no plan that fits, in this command's terms (not mpirun's). */
  private static final String TOO_BIG = "leave out --apsp: the discovery commands then search from single sources";

  private Apsp() {}

  /**
   * A solve the planner has chosen and the user has been shown.
   *
   * @param view the view solved
   * @param request what was asked of the planner: {@code tropic apsp}'s defaults
   * @param plan its choice
   */
  record Planned(KgView view, ApspRequest request, ApspPlan plan) {}

  /**
   * Plans the view's APSP as {@code tropic apsp} does, with the same planner and memory check, and prints the plan
   * line on {@code out}.
   *
   * @throws MemoryBudgetException before anything large is allocated, with the numbers, when no algorithm fits in
   *     what the heap still has (the graph itself and the reader's data included)
   */
  static Planned plan(KgView view, PrintWriter out) {
    return plan(view, 0, out);
  }

  /** As {@link #plan(KgView, PrintWriter)} within {@code memoryBudgetBytes} (0: what the heap still has). */
  static Planned plan(KgView view, long memoryBudgetBytes, PrintWriter out) {
    return plan(view, new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0, memoryBudgetBytes,
        Device.AUTO), null, out);
  }

  /**
   * As {@link #plan(KgView, PrintWriter)} for a Floyd–Warshall that saves its state to {@code checkpoint} and, where
   * an earlier build left a save of this view, goes on from it in that save's tile size. Before the solve, as
   * {@code tropic apsp --checkpoint} does, it deletes the partial saves a killed build left and checks that the
   * saves and {@code resultFile} fit on the disk, saying on {@code err} how often saves come and what each takes.
   *
   * @throws IllegalArgumentException if the file is not a save of this view's solve (it is left in place)
   */
  static Planned plan(KgView view, FloydWarshallCheckpoint checkpoint, Path resultFile, PrintWriter out,
      PrintWriter err) throws IOException {
    FloydWarshallCheckpoint.Saved saved = checkpoint.saved();
    FloydWarshallOptions fw = FloydWarshallOptions.defaults()
        .withBlockSize(CheckpointFiles.blockSize(checkpoint, saved, 0));
    CheckpointFiles.goOnFrom(checkpoint, saved, view.graph(), fw, err);
    ApspRequest request = new ApspRequest(Algorithm.FW, fw, 0, 0, Device.CPU, checkpoint);
    Planned planned = plan(view, request, "--apsp-checkpoint: fw is the solver that saves its state", out);
    int n = view.size();
    CheckpointFiles.deleteLeftovers(checkpoint, err);
    CheckpointFiles.checkSaves(checkpoint, n, planned.plan().blockSize(),
        new BlockedFloydWarshall(MinPlusKernels.best(), request.floydWarshall()).usesSymmetry(view.graph()),
        resultFile, DistanceStore.resultBytes(n, false), err);
    return planned;
  }

  /** Plans and prints, the plan's reason given as {@code whyThis} where not the planner's own choice (or null). */
  private static Planned plan(KgView view, ApspRequest request, String whyThis, PrintWriter out) {
    ApspPlan plan;
    try {
      plan = new Planner(MinPlusKernels.best()).plan(view.graph(), request);
    } catch (MemoryBudgetException e) {
      boolean severalKinds = view.kinds().stream().filter(kind -> view.kg().edgeCount(kind) > 0).count() > 1;
      throw e.withAdvice(HeapAdvice.forShortfall(e.neededBytes(), e.budgetBytes()).advise(
          (severalKinds ? "choose fewer edge kinds (e.g. --apsp-edges concept-concept), or " : "") + TOO_BIG));
    }
    if (whyThis != null) {
      plan = plan.withReason(plan.reason().startsWith("requested")
          ? whyThis + plan.reason().substring("requested".length()) : whyThis + "; " + plan.reason());
    }
    out.printf(Locale.ROOT, "APSP of %,d vertices (%s edges):%n", view.size(), KgView.labels(view.kinds()));
    out.println("  " + ApspNarration.planLine(view.graph(), plan, request.floydWarshall()));
    String device = ApspNarration.deviceLine(plan);
    if (device != null) {
      out.println("  " + device);
    }
    out.flush(); // before the progress bar, which goes to the error stream
    return new Planned(view, request, plan);
  }

  /**
   * Runs the plan with a progress bar on {@code err}, then prints the summary line on {@code out}. A checkpointed
   * solve announces its saves above the bar; its summary says how many saves it made and, when it went on from one,
   * from which iteration. What a stop leaves is the caller's to say ({@link CheckpointFiles#noteOnStop}): the save
   * stays until the graph is stored, after the solve.
   */
  static ApspResult solve(Planned planned, PrintWriter out, PrintWriter err) {
    ProgressBar bar = ProgressBar.on(err);
    FloydWarshallCheckpoint checkpoint = planned.request().checkpoint();
    if (checkpoint == null) {
      ApspResult result = org.tropic.apsp.Apsp.run(planned.view().graph(), planned.plan(), planned.request(), bar);
      printSummary(planned, result, out);
      return result;
    }
    FloydWarshallCheckpoint.Saved resumedFrom = checkpoint.saved();
    SaveAnnouncer announcer = new SaveAnnouncer(checkpoint.file(), bar);
    checkpoint = new FloydWarshallCheckpoint(checkpoint.file(), checkpoint.every(), announcer);
    // the note on a stop is the caller's: it lasts until the graph is stored (KgBuildCommand)
    ApspResult result = org.tropic.apsp.Apsp.run(planned.view().graph(), planned.plan(),
        planned.request().withCheckpoint(checkpoint), bar);
    printSummary(planned, result, out);
    out.printf(Locale.ROOT, "  checkpoint: %s%s%n", announcer.saves() == 0
        ? "no save came due (one every " + Units.duration(checkpoint.every().toNanos() / 1e9) + ")"
        : Units.count(announcer.saves(), "save", "saves") + " in " + Units.duration(announcer.seconds()),
        resumedFrom == null ? "" : String.format(Locale.ROOT, "; went on from the save of %d of %d pivot"
            + " iterations", resumedFrom.iterationsDone(), resumedFrom.iterations()));
    return result;
  }

  private static void printSummary(Planned planned, ApspResult result, PrintWriter out) {
    out.println("  " + planned.plan().algorithm().label() + " " + ApspNarration.summaryLine(planned.view().graph(),
        result));
  }

  /**
   * Solves the plan and stores the result in {@code directory} (the graph directory being written, to be committed
   * as {@code graphDirectory}); returns the manifest entries naming it.
   */
  static Map<String, String> writeInto(Path directory, Path graphDirectory, Planned planned, PrintWriter out,
      PrintWriter err) throws IOException {
    return writeInto(directory, graphDirectory, planned.view(), solve(planned, out, err), ProgressBar.on(err));
  }

  /**
   * Stores an already solved APSP of a view, telling {@code progress} of the rows written; see
   * {@link #writeInto(Path, Path, Planned, PrintWriter, PrintWriter)}.
   */
  static Map<String, String> writeInto(Path directory, Path graphDirectory, KgView view, ApspResult result,
      Progress progress) throws IOException {
    ApspPlan plan = result.plan();
    // absolute, as tropic apsp stores its graph: info and query path run from other folders than the build did
    Sidecar sidecar = Sidecar.of(view.graph(), new Sidecar.GraphInput(
        graphDirectory.toAbsolutePath().normalize().toString(), StoredGraphs.FORMAT,
        true, KgView.labels(view.kinds())), new Sidecar.Options(plan.algorithm().label(), plan.arithmetic() == null
        ? null : plan.arithmetic().label(), plan.blockSize() == 0 ? null : plan.blockSize(), plan.threads()),
        plan.arithmetic() == null ? "float32-" + plan.algorithm().label() : plan.arithmetic().label(),
        Map.of("solve", result.solveSeconds()));
    DistanceStore.write(result.distances(), directory.resolve(FILE), sidecar, progress);
    Map<String, String> files = new LinkedHashMap<>();
    files.put(ROLE, FILE);
    files.put(ROLE_EDGES, KgView.labels(view.kinds()));
    return files;
  }

  /**
   * Distances for {@code view}: from {@code apspOption} ({@code none}; {@code auto} = the graph's stored result if
   * it answers for the view, see {@link #storedFor}; or a {@code .npy} path), else by single-source search.
   */
  static KgDistances distances(Path kgDirectory, KgView view, String apspOption, PrintWriter out)
      throws IOException {
    if (apspOption.equals("none")) {
      out.println("distances: single-source search");
      return KgDistances.bySearch(view);
    }
    Path file = apspOption.equals("auto") ? storedFor(kgDirectory, view, out) : Path.of(apspOption);
    if (file == null) {
      return KgDistances.bySearch(view);
    }
    if (Files.isDirectory(file)) { // e.g. the graph directory itself, which holds the stored result
      throw new IllegalArgumentException("--apsp " + file + " is a directory; give the .npy file"
          + (Files.isRegularFile(file.resolve(FILE)) ? " (" + file.resolve(FILE) + ")" : "")
          + ", auto for the graph's own, or none to search");
    }
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, apspOption.equals("auto") ? missingStored(kgDirectory)
          : "no such APSP result; give an existing .npy, or --apsp none to search instead");
    }
    NpyDistanceMatrix matrix = NpyDistanceMatrix.open(file);
    out.println("distances: stored APSP " + file + " (" + matrix.size() + "×" + matrix.size() + ")");
    return KgDistances.fromMatrix(view, matrix, true);
  }

  /**
   * The graph's stored result if it was computed over the view's graph, else {@code null} after saying why not. The
   * edge kinds are compared by those the graph has edges of: a result stored over all kinds of a graph with
   * concept-concept edges only is the same as one over concept-concept.
   */
  private static Path storedFor(Path kgDirectory, KgView view, PrintWriter out) throws IOException {
    Map<String, String> extra = KnowledgeGraphStore.manifest(kgDirectory).extraFiles();
    String stored = extra == null ? null : extra.get(ROLE);
    if (stored == null) {
      out.println("distances: single-source search (no stored APSP; 'tropic kg build ... --apsp' stores one)");
      return null;
    }
    Set<EdgeKind> storedKinds = storedKinds(kgDirectory, extra.get(ROLE_EDGES));
    Set<EdgeKind> used = withEdges(view.kg(), view.kinds());
    if (!withEdges(view.kg(), storedKinds).equals(used)) {
      // The hint names only kinds with edges: a build refuses --apsp-edges of kinds it has none of.
      out.println("distances: single-source search (the stored APSP is over " + KgView.labels(storedKinds)
          + " edges, these paths use " + KgView.labels(used) + "; 'tropic kg build ... --apsp --apsp-edges "
          + KgView.labels(used) + "' stores one for them)");
      return null;
    }
    return kgDirectory.resolve(stored);
  }

  /** The edge kinds the manifest says the stored result was computed over; a manifest without them is bad input. */
  private static Set<EdgeKind> storedKinds(Path kgDirectory, String list) throws GraphInputException {
    String manifest = kgDirectory.resolve(KnowledgeGraphStore.MANIFEST).toString();
    String expected = "'" + ROLE_EDGES + "' beside '" + ROLE + "' in extraFiles, e.g. \"concept-concept\" (the"
        + " edge kinds the stored APSP runs over); rebuild the graph with 'tropic kg build ... --apsp'";
    if (list == null) {
      throw new GraphInputException(manifest, 0, "lists a stored APSP result but not the edge kinds it was computed"
          + " over", null, expected);
    }
    try {
      return EdgeKind.parseList(list);
    } catch (IllegalArgumentException e) {
      throw new GraphInputException(manifest, 0, "the stored APSP's edge kinds cannot be read (" + e.getMessage()
          + ")", list, expected);
    }
  }

  /** The kinds of {@code kinds} that the graph has edges of: kinds without edges change no view. */
  private static Set<EdgeKind> withEdges(KnowledgeGraph kg, Set<EdgeKind> kinds) {
    Set<EdgeKind> present = EnumSet.noneOf(EdgeKind.class);
    for (EdgeKind kind : kinds) {
      if (kg.edgeCount(kind) > 0) {
        present.add(kind);
      }
    }
    return present;
  }

  /** Why a stored result the manifest lists is gone (deleted or never copied), and the two ways on. */
  private static String missingStored(Path kgDirectory) {
    return "the stored APSP result that " + kgDirectory.resolve(KnowledgeGraphStore.MANIFEST) + " lists is"
        + " missing; run with --apsp none (single-source search, no stored result needed) or rebuild the graph"
        + " with 'tropic kg build ... --apsp'";
  }
}

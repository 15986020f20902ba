package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tropic.apsp.Progress;
import org.tropic.io.ArcChanges;
import org.tropic.io.GraphFormat;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.NpyIntMatrix;
import org.tropic.io.Sidecar;

/**
 * {@code tropic info OUT.npy}: what a stored result is, from its sidecar — the graph it was computed from, how it
 * was solved, when, where and how long it took — after the checks every reader makes (size, graph labels, the
 * checksum of its sampled rows). With {@code --stats} it also reads every distance, which costs n²×4 bytes of reads,
 * so it is asked for, not done by default.
 */
final class ResultInfo {
  private ResultInfo() {}

  /** True for a name {@code tropic info} reads as a stored result rather than a graph. */
  static boolean isResult(Path file) {
    return file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".npy");
  }

  /**
   * Describes the result in {@code npy}; a {@code .npy} without a sidecar (NumPy's own, or an interrupted write) is
   * described by its size alone, and says so.
   *
   * @param progress told of the rows read for the statistics
   */
  static Report describe(Path npy, boolean stats, Progress progress) throws IOException {
    if (Files.isDirectory(npy)) {
      throw new IllegalArgumentException(npy + " is a folder, not a result of 'tropic apsp -o'");
    }
    if (!Files.isRegularFile(npy)) {
      throw new NoSuchFileException(npy.toString());
    }
    boolean hasSidecar = Files.exists(Sidecar.pathFor(npy));
    try (NpyDistanceMatrix matrix = hasSidecar ? NpyDistanceMatrix.open(npy)
        : NpyDistanceMatrix.openWithoutSidecar(npy, null)) {
      int n = matrix.size();
      Report report = new Report()
          .put("result", npy.toString())
          .put("vertices", n)
          .put("file_bytes", Files.size(npy));
      Sidecar sidecar = matrix.sidecar();
      // JSON gives the sidecar as the graph and predecessors are given, {path, found}, and the reason in
      // sidecar_note; the table, as before, says only a missing one, in words
      Map<String, Object> file = new LinkedHashMap<>();
      file.put("path", Sidecar.pathFor(npy).toString());
      file.put("found", sidecar != null);
      if (sidecar == null) {
        String why = Sidecar.pathFor(npy).getFileName() + " is missing (not written by Tropic, or a write that did"
            + " not finish), so nothing is known of the graph";
        report.put("sidecar", new Report.Worded(file, "none: " + why))
            .put("sidecar_note", Report.Worded.jsonOnly(why));
      } else {
        report.put("sidecar", Report.Worded.jsonOnly(file)).put("sidecar_note", Report.Worded.jsonOnly(null));
        describeSidecar(report, sidecar, predecessors(matrix));
      }
      if (stats) {
        report.put("stats", DistanceStats.of(matrix, progress).report(matrix.labels()));
      }
      return report;
    }
  }

  /** The line that offers {@code --stats}, for a result of n vertices. */
  static String statsNote(int n) {
    return String.format(Locale.ROOT, "note: --stats reads all %,d distances for the reachable pairs and the mean and"
        + " longest distance", (long) n * n);
  }

  /**
   * The predecessor file the sidecar names, checked as the distances are (n×n, the checksum of its sampled rows),
   * since no other command reads it: a file swapped or changed is refused (exit 2) naming it; a missing one is said.
   * JSON gives it as the graph is given, {@code path} (as 'update --json' names it), {@code found} and the
   * {@code checksum} check, so that a script reads the path without parsing words; {@code null} when there is none.
   */
  private static Object predecessors(NpyDistanceMatrix matrix) throws IOException {
    String name = matrix.sidecar().predecessors();
    if (name == null) { // null in JSON, as 'update --json' gives a result without one
      return new Report.Worded(null, "none");
    }
    Path file = matrix.file().resolveSibling(name);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("path", file.toString());
    json.put("found", Files.exists(file));
    if (!Files.exists(file)) {
      json.put("checksum", null);
      return new Report.Worded(json,
          name + " (missing: the distances stand, their paths cannot be read back from it)");
    }
    try (NpyIntMatrix ignored = matrix.openPredecessors()) {
      Sidecar.Checksums checksums = matrix.sidecar().checksums();
      String checksum = checksums == null || checksums.predecessors() == null ? null
          : checked(checksums.predecessors());
      json.put("checksum", checksum);
      return new Report.Worded(json, checksum == null ? name : name + " (checksum " + checksum + ")");
    }
  }

  /** What the check of a recorded checksum found: it matched, or it is of a scheme this Tropic cannot check. */
  private static String checked(String recorded) {
    return Sidecar.Checksums.checkable(recorded) ? "matches the sidecar (" + recorded + ")"
        : "not checked: the sidecar's " + recorded + " is of a scheme this Tropic does not read";
  }

  /**
   * The arcs files of the updates, in order: objects for JSON ({@code change}, {@code path}, {@code found}, as the
   * graph's own path and found), a line of words each for the table.
   */
  private static Report.Worded arcChanges(List<Sidecar.GraphInput> changes) {
    List<Map<String, Object>> json = new ArrayList<>();
    List<String> words = new ArrayList<>();
    for (Sidecar.GraphInput c : changes) {
      String change = ArcChanges.Kind.ofRecorded(c.change()).done();
      boolean found = Files.exists(Path.of(c.path()));
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("change", change);
      entry.put("path", c.path());
      entry.put("found", found);
      json.add(entry);
      // as 'found' says of the graph: without the file, no path
      words.add(change + " " + c.path() + (found ? "" : " (not found: 'query path' and later updates need it)"));
    }
    return new Report.Worded(json, String.join(", ", words));
  }

  private static void describeSidecar(Report report, Sidecar sidecar, Object predecessors) {
    Sidecar.Checksums checksums = sidecar.checksums();
    report.put("labels", sidecar.labels() != null)
        .put("checksum", checksums == null ? "not recorded (written before Tropic kept checksums)"
            : checked(checksums.distances()))
        .put("predecessors", predecessors);
    Sidecar.GraphInput input = sidecar.graph();
    Report graph = new Report().put("fingerprint", sidecar.graphFingerprint());
    if (input != null) {
      graph.put("path", input.path())
          // a file, or the folder of a stored knowledge graph (kg build --apsp)
          .put("found", input.path() != null && Files.exists(Path.of(input.path())))
          .put("format", formatWords(input.format()))
          .put("direction", input.undirected() ? "undirected" : "directed")
          .put("weights", input.weights() == null ? "default" : input.weights().toLowerCase(Locale.ROOT));
    }
    if (!sidecar.addedArcs().isEmpty()) { // 'tropic update': the graph is the file above with these changes made
      graph.put("arc_changes", arcChanges(sidecar.addedArcs()));
    }
    report.put("graph", graph);
    Sidecar.Options options = sidecar.options();
    Report solve = new Report();
    if (options != null) {
      // the sidecar's block size is a batched run's batch of targets; the arithmetic it ran with is given below
      solve.put("algorithm", options.algorithm())
          .put("batched".equals(options.algorithm()) ? "batch_size" : "block_size", options.blockSize())
          .put("threads", options.threads())
          .put("parts", options.parts());
    }
    solve.put("arithmetic", sidecar.arithmeticPath()).put("created", sidecar.created());
    report.put("solve", solve);
    Report timings = new Report();
    sidecar.timings().forEach((phase, seconds) -> timings.put(phase + "_seconds", seconds));
    report.put("timings", timings);
    Sidecar.Machine machine = sidecar.machine();
    if (machine != null) {
      report.put("machine", new Report().put("cores", machine.cores()).put("jvm", machine.jvm())
          .put("os", machine.os()));
    }
  }

  /**
   * A format as recorded ({@code EDGE_LIST}): for JSON the name {@code --format} takes ({@code edges}), as
   * {@code info GRAPH} gives it, and in words for the table.
   */
  private static Object formatWords(String recorded) {
    if (recorded == null) {
      return null;
    }
    try {
      GraphFormat format = GraphFormat.fromName(recorded);
      return new Report.Worded(format.optionName(), format.description());
    } catch (IllegalArgumentException e) {
      return recorded; // a name this version does not know (a stored knowledge graph's, a later version's)
    }
  }
}

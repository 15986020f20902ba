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
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.discovery.KgDistances;
import org.tropic.io.DistanceStore;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.Sidecar;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.semiring.MinPlusKernels;

/**
 * All-pairs shortest paths of a knowledge-graph view with the core engine (blocked Floyd–Warshall), stored beside
 * the graph as {@code apsp.npy} with its sidecar, and found again by the discovery commands.
 */
final class Apsp {
  /** The manifest's role names for the stored result and the edge kinds it was computed over. */
  static final String ROLE = "apsp";
  static final String ROLE_EDGES = "apsp-edges";
  static final String FILE = "apsp.npy";
  private static final int SINGLE_TILE = 512;

  private Apsp() {}

  /** Solves the view's APSP in memory, after checking that its distance tiles fit in the heap. */
  static TiledDistanceMatrix solve(KgView view, PrintWriter out) {
    int n = view.size();
    BlockedFloydWarshall solver = new BlockedFloydWarshall(MinPlusKernels.best(), options(n));
    long bytes = solver.matrixBytes(view.graph()); // about half of n² floats: the view is undirected
    long heap = Runtime.getRuntime().maxMemory();
    if (bytes > heap * 0.7) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "APSP of %,d vertices needs %.1f GiB of"
          + " distances but the heap is %.1f GiB: choose fewer edge kinds (e.g. --apsp-edges concept-concept) or"
          + " raise -Xmx, or query by single-source search (no --apsp)", n, bytes / 1073741824.0,
          heap / 1073741824.0));
    }
    long start = System.nanoTime();
    TiledDistanceMatrix result = solver.solve(view.graph(), Progress.NONE);
    out.printf(Locale.ROOT, "APSP: %,d vertices (%s) by blocked Floyd–Warshall in %.2f s%n", n,
        KgView.labels(view.kinds()), (System.nanoTime() - start) / 1e9);
    return result;
  }

  /**
   * Automatic options, except that a graph small enough for one tile gets that tile directly: calibrating the
   * block-size model costs more than such a solve.
   */
  static FloydWarshallOptions options(int n) {
    FloydWarshallOptions defaults = FloydWarshallOptions.defaults();
    return n <= SINGLE_TILE ? defaults.withBlockSize(Math.max(32, (n + 31) / 32 * 32)) : defaults;
  }

  /**
   * Solves and stores the view's APSP in {@code directory} (the graph directory being written, to be committed as
   * {@code graphDirectory}); returns the manifest entries naming it.
   */
  static Map<String, String> writeInto(Path directory, Path graphDirectory, KgView view, PrintWriter out)
      throws IOException {
    return writeInto(directory, graphDirectory, view, solve(view, out));
  }

  /** Stores the view's already solved APSP; see {@link #writeInto(Path, Path, KgView, PrintWriter)}. */
  static Map<String, String> writeInto(Path directory, Path graphDirectory, KgView view,
      TiledDistanceMatrix distances) throws IOException {
    String arithmetic = new BlockedFloydWarshall(MinPlusKernels.best(), options(view.size()))
        .arithmeticFor(view.graph()).label();
    Sidecar sidecar = Sidecar.of(view.graph(), new Sidecar.GraphInput(graphDirectory.toString(), "KNOWLEDGE_GRAPH",
        true, KgView.labels(view.kinds())), new Sidecar.Options("fw", "auto", distances.blockSize(),
        FloydWarshallOptions.defaults().effectiveThreads()), arithmetic, Map.of());
    DistanceStore.write(distances, directory.resolve(FILE), sidecar, Progress.NONE);
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
    Set<EdgeKind> storedKinds = EdgeKind.parseList(extra.get(ROLE_EDGES));
    if (!withEdges(view.kg(), storedKinds).equals(withEdges(view.kg(), view.kinds()))) {
      out.println("distances: single-source search (the stored APSP is over " + KgView.labels(storedKinds)
          + " edges, these paths use " + KgView.labels(view.kinds()) + "; 'tropic kg build ... --apsp --apsp-edges "
          + KgView.labels(view.kinds()) + "' stores one for them)");
      return null;
    }
    return kgDirectory.resolve(stored);
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

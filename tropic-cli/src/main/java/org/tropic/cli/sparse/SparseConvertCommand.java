package org.tropic.cli.sparse;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.tropic.cli.GraphOptions;
import org.tropic.cli.OutputPaths;
import org.tropic.cli.Version;
import org.tropic.graph.Graph;
import org.tropic.io.OutputLocations;
import org.tropic.io.Units;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.IntervalCoverage;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.LocalityStats;
import org.tropic.sparse.Orientation;
import org.tropic.sparse.ValueMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tropic sparse convert GRAPH -o FILE [--order auto|rcm|cache|none]}: write a graph as a mapped .bcoo matrix.
 */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Write a graph's (transposed) adjacency matrix as a blocked-COO .bcoo file that the sparse "
        + "commands map without loading; reports footprint and cache locality.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "1:writing failed", "2:bad input, or an output that cannot be written there"})
public final class SparseConvertCommand implements Callable<Integer> {
  private final GraphLoader loader;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file.")
  Path graph;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE",
      description = "The .bcoo file to write (labels go to FILE.labels.txt).")
  Path target;

  @Option(names = "--orientation", defaultValue = "TRANSPOSE", paramLabel = "transpose|adjacency",
      description = "Rows as arc targets (transpose, what the analytics use) or sources (default: transpose).")
  String orientation;

  @Option(names = "--values", defaultValue = "AUTO", paramLabel = "auto|weights|pattern",
      description = "Store weights, only the pattern, or decide from the weights (default: auto).")
  String values;

  @Mixin
  GraphOptions read = new GraphOptions();

  @Mixin
  MatrixOptions matrix = new MatrixOptions();

  /**
   * Arcs from which the build is announced before it starts: after the read's own progress bar, ordering and
   * blocking the web graph (3 M arcs) and writing it took 5 s here with nothing on the screen.
   */
  static final long ANNOUNCED_ARCS = 1_000_000;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  public SparseConvertCommand(GraphLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  @Override
  public Integer call() {
    return CommandSupport.run(spec, () -> {
      if (!target.getFileName().toString().endsWith(GraphSources.MATRIX_SUFFIX)) {
        throw new IllegalArgumentException("output " + target + " must end in " + GraphSources.MATRIX_SUFFIX);
      }
      // before the work, which on a large graph takes minutes: the matrix and its labels replace what is there
      Path labels = GraphSources.labelsFile(target);
      OutputPaths.refuseInputAsOutput("-o", target, graph, "the input graph");
      OutputPaths.refuseInputAsOutput("-o", labels, graph, "the input graph");
      OutputLocations.check(target, labels);
      // parsed before the graph is read, which takes seconds on a large one: a typo was found only after it
      BlockCooOptions base = BlockCooOptions.defaults()
          .withOrientation(parse(Orientation.class, orientation, "--orientation"))
          .withValues(parse(ValueMode.class, values, "--values"));
      Graph g = GraphSources.load(graph, loader, read, spec.commandLine().getErr());
      long labelBytes = GraphSources.labelsFileBytes(g.labels());
      // from the arcs, before the build (minutes on a large graph): at least their coordinates go to the file
      checkRoom(BlockCoo.leastFileBytes(g.arcCount()), labelBytes, "at least");
      if (g.arcCount() >= ANNOUNCED_ARCS) {
        spec.commandLine().getErr().printf("building the blocked-COO matrix of %,d arcs (ordering, blocking),"
            + " then writing %s ...%n", g.arcCount(), target);
        spec.commandLine().getErr().flush();
      }
      long start = System.nanoTime();
      LayoutAdvisor.Choice layout = matrix.layout(g, base, spec.commandLine().getErr());
      BlockCoo m = BlockCoo.fromGraph(g, layout.options(), matrix.kernels().threads());
      double buildSeconds = (System.nanoTime() - start) / 1e9;
      checkRoom(m.fileBytes(), labelBytes, "exactly"); // the build fixed the blocks, permutation and values
      start = System.nanoTime();
      GraphSources.save(m, g.labels(), target);
      double writeSeconds = (System.nanoTime() - start) / 1e9;
      LocalityStats locality = m.localityStats();
      IntervalCoverage intervals = m.intervalCoverage();
      PrintWriter out = spec.commandLine().getOut();
      Map<String, Object> facts = new LinkedHashMap<>();
      facts.put("output", target.toString()); // the name apsp and update give the file they write
      facts.put("vertices", m.rowCount());
      facts.put("non_zeros", m.nonZeroCount());
      facts.put("block_height", m.blockHeight());
      facts.put("block_width", m.blockWidth());
      facts.put("stored_blocks", m.storedBlockCount());
      facts.put("pattern", m.isPattern());
      facts.put("layout", m.layout().describe());
      facts.put("layout_reason", layout.reason());
      facts.put("footprint_bytes", m.footprintBytes());
      facts.put("coo32_bytes", m.coo32FootprintBytes()); // snake_case like every other key (was coo32Bytes)
      facts.put("footprint_ratio", (double) m.footprintBytes() / Math.max(1, m.coo32FootprintBytes()));
      facts.put("bandwidth", locality.bandwidth());
      facts.put("x_line_changes_per_element", locality.xLineChangeRate());
      facts.put("elements_per_cache_cell", locality.elementsPerCell());
      facts.put("column_intervals", intervals.intervals());
      facts.put("elements_in_column_intervals", intervals.elementsCovered());
      facts.put("column_interval_index_bytes", intervals.indexBytes());
      facts.put("build_seconds", buildSeconds);
      facts.put("write_seconds", writeSeconds);
      if (json) {
        CommandSupport.printJson(out, facts);
      } else {
        out.printf("wrote %s: %,d vertices, %,d non-zeros in %,d block%s of %d×%d (%s), %s%n", target, m.rowCount(),
            m.nonZeroCount(), m.storedBlockCount(), m.storedBlockCount() == 1 ? "" : "s", m.blockHeight(),
            m.blockWidth(), m.isPattern() ? "pattern" : "float32", m.layout().describe());
        out.printf("built in %s, written in %s%n", Units.duration(buildSeconds), Units.duration(writeSeconds));
        out.printf("footprint %,d bytes = %.3f x 32-bit COO (%,d bytes)%n", m.footprintBytes(),
            (double) m.footprintBytes() / Math.max(1, m.coo32FootprintBytes()), m.coo32FootprintBytes());
        out.printf("locality: bandwidth %d, x cache-line changes per element %.3f, elements per cache cell %.2f%n",
            locality.bandwidth(), locality.xLineChangeRate(), locality.elementsPerCell());
        out.printf("SpMV by column intervals: %s%n", intervals.describe());
        out.flush();
      }
      return CommandSupport.OK;
    });
  }

  /** Refuses a matrix of {@code matrixBytes} and its labels file that the disk cannot hold. */
  private void checkRoom(long matrixBytes, long labelBytes, String how) throws IOException {
    OutputLocations.checkRoom(target, "the matrix", matrixBytes + labelBytes, String.format(Locale.ROOT,
        "%s %,d for the matrix, %,d for the labels", how, matrixBytes, labelBytes));
  }

  private static <E extends Enum<E>> E parse(Class<E> type, String text, String option) {
    try {
      return Enum.valueOf(type, text.strip().toUpperCase());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " " + text + ": use one of "
          + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase());
    }
  }
}

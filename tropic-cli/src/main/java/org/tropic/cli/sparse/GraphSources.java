package org.tropic.cli.sparse;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.tropic.analytics.SparseGraph;
import org.tropic.cli.GraphOptions;
import org.tropic.graph.DroppedArcs;
import org.tropic.graph.DuplicateLabelException;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;
import org.tropic.io.AtomicFiles;
import org.tropic.io.GraphInputException;
import org.tropic.io.LoadedGraph;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.Orientation;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Opens the GRAPH argument of a sparse command: a {@code .bcoo} matrix written by {@code tropic sparse convert} is
 * mapped as it is (with its {@code .labels.txt} sidecar, if any); any other file goes through the graph loader, read
 * as the graph options say and laid out as the matrix options say.
 */
final class GraphSources {
  static final String MATRIX_SUFFIX = ".bcoo";
  static final String LABELS_SUFFIX = ".labels.txt";
  /** How a graph file is read and laid out: decided when its .bcoo matrix was written. */
  private static final List<String> FIXED_BY_THE_MATRIX = List.of("--format", "--directed", "--undirected",
      "--weights", "--weight-column", "--header", "--order", "--block-size", "--block-width");

  private GraphSources() {}

  /**
   * The graph of {@code file}, read as {@code read} says and laid out for {@code product} unless {@code --order}
   * says otherwise. A {@code .bcoo} matrix is mapped as it was written, so reading or layout options given with one
   * are refused rather than ignored.
   */
  static SparseGraph open(CommandSpec spec, Path file, GraphLoader loader, GraphOptions read, MatrixOptions matrix,
      LayoutAdvisor.Product product) throws BadInputException {
    if (!isMatrix(file)) {
      Graph graph = load(file, loader, read, spec.commandLine().getErr());
      try {
        return requireVertices(file, SparseGraph.of(graph, matrix.layout(graph, BlockCooOptions.defaults(), product,
            spec.commandLine().getErr()).options(), matrix.kernels()));
      } catch (IllegalArgumentException e) {
        throw new BadInputException(e.getMessage(), e);
      }
    }
    requireFile(file);
    refuseOptionsFixedByTheMatrix(spec, file);
    try {
      BlockCoo m = BlockCoo.open(file);
      if (m.layout().orientation() != Orientation.TRANSPOSE && !m.layout().symmetric()) {
        throw new BadInputException(file + " holds A of a directed graph ('sparse convert --orientation adjacency');"
            + " the analytics pull along in-arcs and need Aᵀ: convert the graph again without --orientation (its"
            + " default is transpose)", null);
      }
      return requireVertices(file, SparseGraph.of(m, readLabels(file, m), matrix.kernels()));
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /**
   * A graph of no vertices (a 0 × 0 Matrix Market file, or its .bcoo) has nothing to rank or search: PageRank
   * answered "converged" with an empty ranking (exit 0), eigenvector centrality "did not converge after 1000
   * iterations; raise --iterations" (exit 1) after running none, and bfs "the graph has ids 0..-1".
   */
  private static SparseGraph requireVertices(Path file, SparseGraph g) throws BadInputException {
    if (g.vertexCount() == 0) {
      throw new BadInputException(file + ": the graph has no vertices (0 × 0); there is nothing to search or rank",
          null);
    }
    return g;
  }

  /** The graph of {@code file}, read as {@code read} says; self-loops dropped and arcs merged are told on err. */
  static Graph load(Path file, GraphLoader loader, GraphOptions read, PrintWriter err) throws BadInputException {
    requireFile(file);
    refuseMatrixAsGraphFile(file);
    LoadedGraph loaded;
    try {
      loaded = loader.load(file, read.toReadOptions());
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    DroppedArcs dropped = loaded.source().droppedArcs();
    if (dropped.any()) { // a self-loop changes PageRank, Katz and exp(A): say the matrix has none
      err.printf("read %s: %s (the matrix has no self-loops and one arc per pair, the lightest)%n", file,
          dropped.describe());
    }
    return loaded.graph();
  }

  /**
   * A .bcoo matrix where a graph file is read (given to convert, or compressed) was refused with "cannot tell the
   * graph format: '.bcoo'", which did not say what to do instead.
   */
  private static void refuseMatrixAsGraphFile(Path file) throws BadInputException {
    String name = file.getFileName().toString();
    if (isMatrix(file)) {
      throw new BadInputException(file + " is already a " + MATRIX_SUFFIX + " matrix; 'sparse convert' reads a graph"
          + " file: convert the graph the matrix came from, with the options it should have now", null);
    }
    for (String compressed : List.of(".gz", ".xz")) {
      if (name.endsWith(MATRIX_SUFFIX + compressed)) {
        throw new BadInputException(file + " is a compressed " + MATRIX_SUFFIX + " matrix, which is mapped, not read"
            + " through a decompressor: decompress it first (keep its " + LABELS_SUFFIX + " file beside it)", null);
      }
    }
  }

  private static boolean isMatrix(Path file) {
    return file.getFileName().toString().endsWith(MATRIX_SUFFIX);
  }

  private static void requireFile(Path file) throws BadInputException {
    if (!Files.exists(file)) {
      throw new BadInputException(file + ": no such file", null);
    }
  }

  private static void refuseOptionsFixedByTheMatrix(CommandSpec spec, Path file) throws BadInputException {
    for (String option : FIXED_BY_THE_MATRIX) {
      if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
        throw new BadInputException(option + " does not apply to " + file + ": a " + MATRIX_SUFFIX
            + " matrix is used as 'sparse convert' wrote it (give " + option + " to 'sparse convert', or the graph "
            + "file instead)", null);
      }
    }
  }

  /**
   * The labels of {@code m} from the file beside it. Its header says whether there should be one: a labelled matrix
   * whose labels file is missing is refused (its vertices would silently be named by internal index, which a
   * --source would read differently), and a file beside an unlabelled one is not its own (convert removes it).
   * A matrix from before the header said uses the file when there is one.
   */
  private static VertexLabels readLabels(Path matrixFile, BlockCoo m) throws IOException {
    Path labels = labelsFile(matrixFile);
    switch (m.labelRecord()) {
      case NONE -> {
        return null;
      }
      case SIDECAR -> {
        if (!Files.exists(labels)) {
          throw new IOException(matrixFile + ": the graph had vertex labels, but their file " + labels + " is "
              + "missing (copy it with the matrix, or write both again with 'tropic sparse convert')");
        }
      }
      case UNRECORDED -> {
        if (!Files.exists(labels)) {
          return null;
        }
      }
      default -> throw new IllegalStateException("label record " + m.labelRecord());
    }
    if (Files.isDirectory(labels)) { // else the JDK's bare "Is a directory", without the name
      throw new IOException(labels + ": is a folder, not the labels file written with " + matrixFile);
    }
    int n = m.rowCount();
    byte[] bytes = Files.readAllBytes(labels);
    List<String> names = lines(labels, bytes);
    if (names.size() != n) {
      throw new IOException(labels + ": " + names.size() + " labels for a matrix of " + n + " vertices");
    }
    VertexLabels read;
    try {
      read = VertexLabels.of(names);
    } catch (DuplicateLabelException e) {
      // The file holds one label a line, vertex i on line i + 1.
      throw new GraphInputException(labels.toString(), e.secondId() + 1L, "duplicate vertex label", e.label(),
          "each vertex's own label (line " + (e.firstId() + 1) + " has it already)");
    }
    if (m.labelsChecksum().isPresent() && checksum(bytes) != m.labelsChecksum().getAsInt()) {
      // checked after the count and the repeats, which say more where they find something
      throw new IOException(String.format("%s: not the labels file written with %s (CRC32C %08x, the matrix records"
          + " %08x): it was changed since, or belongs to another graph, and would name the vertices wrongly; write"
          + " both again with 'tropic sparse convert'", labels, matrixFile, checksum(bytes),
          m.labelsChecksum().getAsInt()));
    }
    return read;
  }

  /** The labels file's lines, split as {@link Files#readAllLines} splits them, or an error naming it. */
  private static List<String> lines(Path labels, byte[] bytes) throws IOException {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString().lines().toList();
    } catch (CharacterCodingException e) {
      throw new IOException(labels + ": not UTF-8 text, as 'sparse convert' writes labels", e);
    }
  }

  private static int checksum(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  static Path labelsFile(Path matrixFile) {
    return matrixFile.resolveSibling(matrixFile.getFileName() + LABELS_SUFFIX);
  }

  /** The bytes of the labels file {@link #save} writes: one label a line, in UTF-8; none without labels. */
  static long labelsFileBytes(VertexLabels labels) {
    long bytes = 0;
    if (labels != null) {
      for (String name : labels.names()) {
        bytes += name.getBytes(StandardCharsets.UTF_8).length + 1L;
      }
    }
    return bytes;
  }

  /**
   * Saves {@code m} to {@code file}, its header saying whether labels go with it, with its labels beside it, both or
   * neither (saved one after the other, a stop between them left the new matrix beside an earlier matrix's labels,
   * which name its vertices wrongly when the counts agree, and a labels file that failed deleted the new matrix after
   * it had replaced the old one); or with none, a labels file left from an earlier matrix of that name removed.
   */
  static void save(BlockCoo m, VertexLabels labels, Path file) throws IOException {
    if (labels == null) {
      m.save(file, false);
      Files.deleteIfExists(labelsFile(file)); // the header says there are none: it would only mislead a reader
      return;
    }
    byte[] names = (String.join("\n", labels.names()) + "\n").getBytes(StandardCharsets.UTF_8);
    Map<Path, AtomicFiles.Content> pair = new LinkedHashMap<>();
    pair.put(file, m.fileContent(file, checksum(names)));
    pair.put(labelsFile(file), channel -> {
      ByteBuffer buffer = ByteBuffer.wrap(names);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    });
    AtomicFiles.writeAll(pair);
  }

}

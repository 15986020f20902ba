package org.tropic.cli.sparse;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tropic.analytics.SparseGraph;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;
import org.tropic.io.AtomicFiles;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.LayoutAdvisor;

/**
 * Opens the GRAPH argument of a sparse command: a {@code .bcoo} matrix written by {@code tropic sparse convert} is
 * mapped as it is (with its {@code .labels.txt} sidecar, if any); any other file goes through the graph loader and
 * is laid out as the matrix options say.
 */
final class GraphSources {
  static final String MATRIX_SUFFIX = ".bcoo";
  static final String LABELS_SUFFIX = ".labels.txt";

  private GraphSources() {}

  static SparseGraph open(Path file, GraphLoader loader, MatrixOptions options, PrintWriter err)
      throws BadInputException {
    return open(file, loader, options, LayoutAdvisor.Product.SPMV, err);
  }

  /** The graph of {@code file}, laid out for {@code product} unless {@code --order} says otherwise. */
  static SparseGraph open(Path file, GraphLoader loader, MatrixOptions options, LayoutAdvisor.Product product,
      PrintWriter err) throws BadInputException {
    if (!Files.exists(file)) {
      throw new BadInputException(file + ": no such file", null);
    }
    try {
      if (file.getFileName().toString().endsWith(MATRIX_SUFFIX)) {
        BlockCoo matrix = BlockCoo.open(file);
        return SparseGraph.of(matrix, readLabels(file, matrix.rowCount()), options.kernels());
      }
      Graph graph = loader.load(file);
      return SparseGraph.of(graph, options.layout(graph, BlockCooOptions.defaults(), product, err).options(),
          options.kernels());
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  static Graph load(Path file, GraphLoader loader) throws BadInputException {
    if (!Files.exists(file)) {
      throw new BadInputException(file + ": no such file", null);
    }
    try {
      return loader.load(file);
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  private static VertexLabels readLabels(Path matrixFile, int n) throws IOException {
    Path labels = labelsFile(matrixFile);
    if (!Files.exists(labels)) {
      return null;
    }
    List<String> names = Files.readAllLines(labels, StandardCharsets.UTF_8);
    if (names.size() != n) {
      throw new IOException(labels + ": " + names.size() + " labels for a matrix of " + n + " vertices");
    }
    return VertexLabels.of(names);
  }

  static Path labelsFile(Path matrixFile) {
    return matrixFile.resolveSibling(matrixFile.getFileName() + LABELS_SUFFIX);
  }

  /** Writes the labels one per line, atomically. */
  private static void writeLabels(Path matrixFile, VertexLabels labels) throws IOException {
    AtomicFiles.write(labelsFile(matrixFile),
        (String.join("\n", labels.names()) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Saves {@code m} to {@code file} with its labels beside it, or with none (a labels file left from an earlier
   * matrix of that name is removed, since it would name this one's vertices wrongly); when the labels cannot be
   * written the matrix is removed too, so that no half of the pair is left.
   */
  static void save(BlockCoo m, VertexLabels labels, Path file) throws IOException {
    m.save(file);
    try {
      if (labels != null) {
        writeLabels(file, labels);
      } else {
        Files.deleteIfExists(labelsFile(file));
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(file);
      throw e;
    }
  }

}

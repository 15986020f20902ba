package org.tropic.io;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.zip.ZipException;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tukaani.xz.XZIOException;

/**
 * The one entry point for reading graph files: edge lists (whitespace, CSV, TSV), Matrix Market, DIMACS and SIF,
 * each plain, gzip or xz (told by the bytes). The format is detected ({@link GraphFormat#detect}) unless the
 * options name it; how direction and weights are decided is documented on {@link ReadOptions}. Input is streamed
 * (a 1 MiB buffer, constant memory per line, no regular expressions per line); memory is that of the arcs, twice
 * while the {@link Graph} is built. Duplicate arcs keep their smallest weight and self-loops of non-negative weight
 * are dropped (by {@link org.tropic.graph.GraphBuilder}); Matrix Market diagonals are always dropped. How many of
 * each is in {@link GraphSource#droppedArcs()}.
 *
 * <p>Bad input stops with a {@link GraphInputException} naming the input, the line, the offending text and what was
 * expected.
 */
public final class GraphReader {
  private GraphReader() {}

  /** Reads {@code path} with {@link ReadOptions#defaults()}. */
  public static Graph read(Path path) throws IOException {
    return load(path, ReadOptions.defaults()).graph();
  }

  /** Reads {@code path} as {@code options} say. */
  public static Graph read(Path path, ReadOptions options) throws IOException {
    return load(path, options).graph();
  }

  /** Reads {@code path} as {@code options} say, and describes what was read. */
  public static LoadedGraph load(Path path, ReadOptions options) throws IOException {
    return load(path, options, Progress.NONE);
  }

  /**
   * Reads {@code path} as {@code options} say, telling {@code progress} of the bytes of the file read (a large graph
   * file takes seconds to minutes), and describes what was read.
   */
  public static LoadedGraph load(Path path, ReadOptions options, Progress progress) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(progress, "progress");
    String name = path.toString();
    if (name.isEmpty()) { // the working directory: ": is a directory" named nothing the user had typed
      throw new GraphInputException("''", 0, "the graph file name is empty", null,
          "the path of a graph file (an unset shell variable in quotes gives an empty name)");
    }
    if (!Files.isRegularFile(path)) {
      if (Files.isDirectory(path)) {
        throw new GraphInputException(name, 0, "is a directory", null, "a graph file");
      }
      if (name.equals("-") && !Files.exists(path)) {
        // the Unix habit; "no such graph file" left it unclear whether '-' was read at all
        throw new GraphInputException(name, 0, "standard input is not read as a graph", null, "a graph file (save"
            + " what a pipe gives to a file first: a result records its graph's path and fingerprint, and 'query',"
            + " 'info' and 'update' read the graph there again)");
      }
      // /dev/null or a FIFO exists: "no such graph file" sent the user looking for a typo in the name
      throw Files.exists(path)
          ? new GraphInputException(name, 0, "is a device, FIFO or socket, not a regular file", null,
              "a graph file (save what a pipe gives to a file first; a .gz or .xz is read as it is)")
          : new NoSuchFileException(name, null, "no such graph file");
    }
    Compression.refuseUnsupported(name, path.getFileName().toString());
    long size = Files.size(path);
    progress.begin("reading " + path.getFileName(), size);
    boolean read = false;
    long[] bytesRead = {0};
    LongConsumer counted = n -> {
      bytesRead[0] += n;
      progress.advance(n);
    };
    try (InputStream in = new CountedInputStream(Files.newInputStream(path), counted)) {
      LoadedGraph loaded = load(in, name, options, size, () -> bytesRead[0]);
      read = true;
      return loaded;
    } finally {
      if (!read) {
        progress.stopped();
      }
      progress.end();
    }
  }

  /**
   * Reads a graph from a stream (e.g. standard input), plain, gzip or xz. The format is taken from
   * {@code options}, else from {@code name}'s extension, else from the content. The stream is read to its end
   * but not closed.
   *
   * @param name what to call the input in messages and in the {@link GraphSource}; may carry an extension
   */
  public static LoadedGraph load(InputStream in, String name, ReadOptions options) throws IOException {
    return load(in, name, options, -1, () -> 0);
  }

  /**
   * As {@link #load(InputStream, String, ReadOptions)} for a file of {@code fileBytes}, of which {@code fileBytesRead}
   * tells how many are read: what projects the arcs of a file whose header does not count them.
   */
  private static LoadedGraph load(InputStream in, String name, ReadOptions options, long fileBytes,
      LongSupplier fileBytesRead) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(options, "options");
    BufferedInputStream raw = new BufferedInputStream(in, LineReader.BUFFER_BYTES);
    Compression compression = Compression.sniff(raw);
    GraphFormat format = options.format();
    LineReader lines = null;
    ParsedGraph parsed;
    try {
      BufferedInputStream content = new BufferedInputStream(compression.decompress(raw, name), GraphFormat.SNIFF_BYTES);
      lines = new LineReader(content, name, fileBytes, fileBytesRead);
      content.mark(GraphFormat.SNIFF_BYTES);
      byte[] head = content.readNBytes(GraphFormat.SNIFF_BYTES);
      content.reset();
      GraphFormat.refuseBinary(name, head); // its bytes would be parsed as one unreadable line, or many
      GraphFormat.refuseCarriageReturnLineEnds(name, head);
      if (format == null) {
        format = GraphFormat.detect(name, head);
      }
      if (options.headerRow() != ReadOptions.HeaderRow.AUTO
          && (format == GraphFormat.MATRIX_MARKET || format == GraphFormat.DIMACS)) {
        throw new GraphInputException(name, 0, "--header and --no-header are for edge lists and SIF files, not "
            + format.description() + ", whose own header lines are read as such", null, null);
      }
      if (options.weightColumn() > 0 && !isEdgeList(format)) {
        // ignored, it read another column than the one asked for without a word
        String weights = switch (format) {
          case MATRIX_MARKET -> "whose weight is the value of each entry";
          case DIMACS -> "whose weight is the last field of each 'a' line";
          default -> "which has no weights";
        };
        throw new GraphInputException(name, 0, "--weight-column is for edge lists (whitespace, CSV or TSV), not "
            + format.description() + ", " + weights, null,
            "no --weight-column, or --format edges, csv or tsv if the file is an edge list");
      }
      parsed = switch (format) {
        case MATRIX_MARKET -> MatrixMarketReader.read(lines, options);
        case DIMACS -> DimacsReader.read(lines, options);
        case SIF -> SifReader.read(lines, options);
        case EDGE_LIST, CSV, TSV -> EdgeListReader.read(lines, options, format);
      };
    } catch (ZipException | EOFException | XZIOException e) {
      if (compression == Compression.NONE) {
        throw e;
      }
      throw new GraphInputException(name, lines == null ? 0 : lines.lineNumber(),
          "corrupt or truncated " + compression + " data", e.getMessage(),
          "a complete " + compression.suffix() + " file");
    }
    Graph graph = parsed.graph();
    GraphSource source = new GraphSource(name, format, compression, graph.undirected(), parsed.directionReason(),
        parsed.weights(), parsed.dataLines(), lines.weightRounding().result(), parsed.droppedArcs(),
        lines.headerRow());
    return new LoadedGraph(graph, source);
  }

  private static boolean isEdgeList(GraphFormat format) {
    return format == GraphFormat.EDGE_LIST || format == GraphFormat.CSV || format == GraphFormat.TSV;
  }
}

package org.tropic.io;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;

/**
 * What a stored distance matrix {@code OUT.npy} is about, kept beside it as {@code OUT.npy.json}: the graph it was
 * computed from (fingerprint, source file, format, direction), vertex labels, the options and arithmetic path of
 * the solve, timings, the machine, and an optional predecessor file. Read with unknown fields ignored, so files
 * written by later versions that only add fields still open.
 *
 * @param formatVersion the sidecar schema version, {@link #FORMAT_VERSION}
 * @param n the number of vertices (the matrix is n×n)
 * @param graphFingerprint {@link Graph#fingerprint()} of the graph the distances belong to
 * @param graph where the graph came from, so it can be read again; may be {@code null}
 * @param options how the solve was asked for; may be {@code null}
 * @param arithmeticPath the {@link org.tropic.semiring.Arithmetic#label()} the solve actually ran with
 * @param timings seconds per phase, in the order the phases ran (e.g. read, solve, write); never {@code null}
 * @param machine where it ran; may be {@code null}
 * @param created when the result was written, ISO-8601 ({@link Instant#toString()})
 * @param predecessors the file name (a sibling of the {@code .npy}) of the int32 predecessor matrix, or {@code null}
 * @param labels the vertex names in id order, or {@code null} when ids are the names
 * @param checksums what the stored files held when Tropic wrote them, checked when they are opened; {@code null}
 *     in sidecars written before they were recorded, which are opened unchecked
 * @param additions the files of arcs {@code tropic update} added to, replaced in or removed from {@code graph}, in
 *     order, each with its {@link GraphInput#change()} ({@link ArcChanges}): the distances belong to that graph with
 *     the changes made; {@code null} or empty when there are none (the key keeps the name it had when arcs could
 *     only be added)
 */
public record Sidecar(
    int formatVersion,
    int n,
    String graphFingerprint,
    GraphInput graph,
    Options options,
    String arithmeticPath,
    Map<String, Double> timings,
    Machine machine,
    String created,
    String predecessors,
    List<String> labels,
    Checksums checksums,
    List<GraphInput> additions) {

  /** The schema version this code writes and reads. */
  public static final int FORMAT_VERSION = 1;

  /** The suffix that turns {@code OUT.npy} into its sidecar's name. */
  public static final String SUFFIX = ".json";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      // a fraction where a count or version belongs is damage: "formatVersion": 1.5 was read as version 1
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  /**
   * The graph's input file and how it was read: enough for {@code tropic query} to read it again. Plain strings, so
   * the sidecar does not change when a reader's option types do.
   *
   * @param path the input file, absolute (relative to where the solve ran in sidecars that distributed and kg runs
   *     wrote before it was stored absolute)
   * @param format the format it was read as (a {@code GraphFormat} name, e.g. {@code MATRIX_MARKET})
   * @param undirected whether every edge became arcs both ways
   * @param weights the weight rule applied by the reader, or {@code null} for the format's default
   * @param weightColumn the 1-based weight column of an edge list when one was named ({@code --weight-column}),
   *     else {@code null}: absent from sidecars written before it was recorded, which read the default column
   * @param headerRow for an edge list or SIF file, whether its first line was skipped as column names (so it is
   *     read the same way again, whatever the detection rule then); {@code null} for other formats and in sidecars
   *     written before it was recorded, which detect it again
   * @param change for a file of arcs {@code tropic update} changed the graph with, what its arcs did
   *     ({@link ArcChanges.Kind#recorded()}): {@code null} for a graph and for arcs added, the only change sidecars
   *     recorded before there were others; left out of the JSON when {@code null}
   */
  public record GraphInput(String path, String format, boolean undirected, String weights, Integer weightColumn,
      Boolean headerRow, @JsonInclude(JsonInclude.Include.NON_NULL) String change) {

    /** A sidecar's input without its file (a damaged one) is refused as it is read, not met as a null later. */
    public GraphInput {
      if (path == null) {
        throw new IllegalArgumentException("a graph input without its path");
      }
    }

    /** A graph, or arcs added, read as {@code headerRow} says. */
    public GraphInput(String path, String format, boolean undirected, String weights, Integer weightColumn,
        Boolean headerRow) {
      this(path, format, undirected, weights, weightColumn, headerRow, null);
    }

    /** An input read with the default weight column. */
    public GraphInput(String path, String format, boolean undirected, String weights) {
      this(path, format, undirected, weights, null, null);
    }

    /** An input whose header row, if any, is detected again when it is read. */
    public GraphInput(String path, String format, boolean undirected, String weights, Integer weightColumn) {
      this(path, format, undirected, weights, weightColumn, null);
    }

    /** How {@code source} was read, from {@code path}, with the weight column named (or {@code null}). */
    public static GraphInput of(String path, GraphSource source, Integer weightColumn) {
      boolean rows = switch (source.format()) {
        case EDGE_LIST, CSV, TSV, SIF -> true;
        case MATRIX_MARKET, DIMACS -> false;
      };
      // absolute: readers (query path, info) run from other folders than the solve did, mpirun ranks included
      return new GraphInput(Path.of(path).toAbsolutePath().normalize().toString(), source.format().name(),
          source.undirected(), source.weights().name(), weightColumn, rows ? source.headerRow() != null : null);
    }

    /** This input as a file of arcs that made {@code kind}'s change. */
    public GraphInput withChange(ArcChanges.Kind kind) {
      return new GraphInput(path, format, undirected, weights, weightColumn, headerRow, kind.recorded());
    }

    /** The read options that read this input again as it was read for the result. */
    public ReadOptions toReadOptions() {
      return ReadOptions.defaults().withFormat(format == null ? null : GraphFormat.fromName(format))
          .withDirection(undirected ? ReadOptions.Direction.UNDIRECTED : ReadOptions.Direction.DIRECTED)
          .withWeights(weights == null ? ReadOptions.Weights.DEFAULT : ReadOptions.Weights.valueOf(weights))
          .withWeightColumn(weightColumn == null ? 0 : weightColumn)
          .withHeaderRow(headerRow == null ? ReadOptions.HeaderRow.AUTO
              : headerRow ? ReadOptions.HeaderRow.PRESENT : ReadOptions.HeaderRow.ABSENT);
    }
  }

  /**
   * Checksums of the stored matrices ({@link SampledRowsChecksum}), so a {@code .npy} swapped for another of the same
   * size (another result, an edited copy) is refused instead of answering queries for a graph it does not belong to.
   *
   * @param distances the distance matrix's checksum
   * @param predecessors the predecessor matrix's checksum, or {@code null} when there is none
   */
  public record Checksums(String distances, String predecessors) {
    /**
     * Whether this Tropic checks a recorded value: one of a scheme it does not know (a later version's) opens
     * unchecked, and must not be reported as matching.
     */
    public static boolean checkable(String value) {
      return value != null && value.startsWith(SampledRowsChecksum.SCHEME);
    }
  }

  /**
   * The options of the solve as the user (or the planner) set them.
   *
   * @param algorithm e.g. {@code fw}, {@code dijkstra}
   * @param arithmetic the requested arithmetic ({@code auto} or a path label)
   * @param blockSize the tile size b (the one the cost model chose, when none was given: give it as {@code --block}
   *     to run the same tiles again), or {@code null} where the algorithm has none
   * @param threads the worker threads used
   * @param parts the k METIS was asked for in a partitioned solve (give it as {@code --parts} to partition the
   *     same way again; METIS may have left some of them empty), or {@code null}
   */
  public record Options(String algorithm, String arithmetic, Integer blockSize, int threads, Integer parts) {

    /** The options of a solve that is not partitioned. */
    public Options(String algorithm, String arithmetic, Integer blockSize, int threads) {
      this(algorithm, arithmetic, blockSize, threads, null);
    }
  }

  /**
   * The machine a result was computed on.
   *
   * @param cores available processors
   * @param jvm vendor, name and version of the JVM
   * @param os operating system name, version and architecture
   */
  public record Machine(int cores, String jvm, String os) {

    /** This machine. */
    public static Machine current() {
      return new Machine(Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
              + System.getProperty("java.runtime.version"),
          System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
              + System.getProperty("os.arch"));
    }
  }

  public Sidecar {
    if (n < 0) {
      throw new IllegalArgumentException("negative vertex count " + n);
    }
    if (labels != null) {
      if (labels.size() != n) {
        throw new IllegalArgumentException(labels.size() + " labels for " + n + " vertices");
      }
      labels = List.copyOf(labels);
    }
    timings = timings == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(timings));
    additions = additions == null || additions.isEmpty() ? null : List.copyOf(additions);
  }

  /**
   * A sidecar for the distances of {@code graph}, stamped with this machine and the current time.
   *
   * @param source where the graph came from, or {@code null}
   * @param options the solve's options, or {@code null}
   * @param arithmeticPath the arithmetic label the solve ran with
   * @param timings seconds per phase, in order (copied)
   */
  public static Sidecar of(Graph graph, GraphInput source, Options options, String arithmeticPath,
      Map<String, Double> timings) {
    VertexLabels labels = graph.labels();
    return new Sidecar(FORMAT_VERSION, graph.vertexCount(), graph.fingerprint(), source, options, arithmeticPath,
        timings, Machine.current(), Instant.now().toString(), null, labels == null ? null : labels.names(), null,
        null);
  }

  /** This sidecar naming a predecessor file (a sibling file name, not a path). */
  public Sidecar withPredecessors(String fileName) {
    return new Sidecar(formatVersion, n, graphFingerprint, graph, options, arithmeticPath, timings, machine,
        created, fileName, labels, checksums, additions);
  }

  /** This sidecar with other timings (e.g. once the write itself has been timed). */
  public Sidecar withTimings(Map<String, Double> newTimings) {
    return new Sidecar(formatVersion, n, graphFingerprint, graph, options, arithmeticPath, newTimings, machine,
        created, predecessors, labels, checksums, additions);
  }

  /** This sidecar recording the checksums of the files it describes. */
  public Sidecar withChecksums(Checksums newChecksums) {
    return new Sidecar(formatVersion, n, graphFingerprint, graph, options, arithmeticPath, timings, machine,
        created, predecessors, labels, newChecksums, additions);
  }

  /** This sidecar recording the files of arcs added to its graph, in order. */
  public Sidecar withAdditions(List<GraphInput> newAdditions) {
    return new Sidecar(formatVersion, n, graphFingerprint, graph, options, arithmeticPath, timings, machine,
        created, predecessors, labels, checksums, newAdditions);
  }

  /** The files of arcs that changed the graph, in order; empty when there are none. */
  public List<GraphInput> addedArcs() {
    return additions == null ? List.of() : additions;
  }

  /** The sidecar path of a stored matrix: {@code OUT.npy} → {@code OUT.npy.json}. */
  public static Path pathFor(Path npy) {
    return npy.resolveSibling(npy.getFileName() + SUFFIX);
  }

  /** The labels as {@link VertexLabels}, or {@code null} when ids are the names. Builds a hash map: O(n). */
  public VertexLabels vertexLabels() {
    return labels == null ? null : VertexLabels.of(labels);
  }

  /**
   * Checks that these distances belong to {@code graph}.
   *
   * @param file this sidecar's file, for the message
   * @throws IllegalArgumentException naming both fingerprints (or both sizes) if they do not match
   */
  public void checkGraph(Graph given, Path file) {
    Objects.requireNonNull(given, "given");
    if (!given.fingerprint().equals(graphFingerprint)) {
      throw new IllegalArgumentException(file + ": these distances were computed from a different graph: the"
          + " sidecar records graph fingerprint " + graphFingerprint + " (n=" + n + "), the graph given has "
          + given.fingerprint() + " (n=" + given.vertexCount() + ")"
          + (graph == null || graph.path() == null ? "" : "; the result was computed from " + graph.path()));
    }
    String renamed = firstRenamedVertex(given.labels());
    if (renamed != null) {
      // the fingerprint is of ids, arcs and weights: the same shape under other names answered with the wrong pairs
      throw new IllegalArgumentException(file + ": these distances were computed from a graph with other vertex names:"
          + " " + renamed + (graph == null || graph.path() == null ? "" : "; the result was computed from "
          + graph.path()));
    }
  }

  /** Where {@code given}'s names first differ from those recorded, or {@code null} when they are the same. */
  private String firstRenamedVertex(VertexLabels given) {
    List<String> recorded = labels;
    if (recorded == null && given == null || n == 0) {
      return null;
    }
    if (recorded == null || given == null) {
      return recorded == null ? "the result's vertices are named by their ids, the graph given names them ('"
          + given.name(0) + "' is vertex 0)" : "the result's vertices are named ('" + recorded.get(0)
          + "' is vertex 0), the graph given has ids only";
    }
    for (int id = 0; id < recorded.size(); id++) {
      if (!recorded.get(id).equals(given.name(id))) {
        return String.format(Locale.ROOT, "vertex %,d is '%s' in the result, '%s' in the graph given", id,
            recorded.get(id), given.name(id));
      }
    }
    return null;
  }

  /** The sidecar as UTF-8 JSON. */
  public byte[] toJson() {
    try {
      return JSON.writeValueAsBytes(this);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialise sidecar: " + e.getMessage(), e);
    }
  }

  /**
   * Parses a sidecar, ignoring fields this version does not know.
   *
   * @param file where the bytes came from, for messages
   * @throws IOException naming the file if the JSON is malformed, of another schema version, or inconsistent
   */
  public static Sidecar fromJson(byte[] json, Path file) throws IOException {
    Sidecar sidecar;
    try {
      sidecar = JSON.readValue(json, Sidecar.class);
    } catch (JacksonException e) {
      String measure = vectorMeasure(json);
      if (measure != null) { // it was "4 labels for 0 vertices"
        throw new NpyFormatException(file, "the sidecar of a vector of " + measure + " values (the --npy of"
            + " 'tropic centrality' or 'bfs'), not of an all-pairs result: numpy.load reads it; info and query read"
            + " what 'tropic apsp' writes");
      }
      throw new NpyFormatException(file, "not a Tropic sidecar: " + shortReason(e));
    }
    if (sidecar == null) {
      throw new NpyFormatException(file, "not a Tropic sidecar: the file holds JSON null");
    }
    if (sidecar.formatVersion() != FORMAT_VERSION) {
      throw new NpyFormatException(file, "sidecar format version " + sidecar.formatVersion() + " is not supported"
          + " (this Tropic reads version " + FORMAT_VERSION + ")");
    }
    if (sidecar.graphFingerprint() == null) {
      throw new NpyFormatException(file, "the sidecar has no graphFingerprint");
    }
    return sidecar;
  }

  /** The measure a vector's sidecar names (one dimension in its shape), or {@code null} for any other JSON. */
  private static String vectorMeasure(byte[] json) {
    try {
      JsonNode tree = JSON.readTree(json);
      JsonNode shape = tree == null ? null : tree.get("shape");
      if (shape != null && shape.isArray() && shape.size() == 1) {
        JsonNode measure = tree.get("measure");
        return measure != null && measure.isTextual() ? "'" + measure.asText() + "'" : "vertex";
      }
    } catch (IOException e) {
      // not JSON at all: the caller says so
    }
    return null;
  }

  /**
   * What is wrong with the JSON, in words a user can act on: Jackson's own messages name its classes and
   * constructors ("Cannot construct instance of `org.tropic.io.Sidecar`"), which say nothing about the file.
   */
  private static String shortReason(JacksonException e) {
    var where = e.getLocation();
    String at = where == null || where.getLineNr() < 1 ? ""
        : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    if (e instanceof com.fasterxml.jackson.core.exc.StreamReadException
        && !(e instanceof com.fasterxml.jackson.databind.DatabindException)) {
      return "invalid JSON" + at;
    }
    Throwable cause = e.getCause();
    if (cause instanceof IllegalArgumentException bad && bad.getMessage() != null) {
      return bad.getMessage() + at; // the record's own check, e.g. "3 labels for 4 vertices"
    }
    return "its JSON does not hold a sidecar's fields" + at;
  }

  /**
   * Reads the sidecar file {@code file} (usually {@link #pathFor}{@code (npy)}).
   *
   * @throws NoSuchFileException with an explanation if it does not exist
   */
  public static Sidecar read(Path file) throws IOException {
    if (Files.isDirectory(file)) { // else the JDK's bare "Is a directory", without the name: exit 1
      throw new NpyFormatException(file, "is a folder, not a Tropic sidecar");
    }
    byte[] json;
    try {
      json = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(file.toString(), null, "no sidecar: the result is incomplete (an interrupted"
          + " write) or was not written by Tropic");
    }
    return fromJson(json, file);
  }
}

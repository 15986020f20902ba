package org.tropic.kg;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.tropic.io.GraphInputException;
import org.tropic.io.OutputLocationException;
import org.tropic.io.PendingFiles;
import org.tropic.io.Sidecar;
import org.tropic.io.WriteFailures;

/**
 * Stores a {@link KnowledgeGraph} as a directory people and other tools can read: {@code nodes.tsv} ({@code id kind
 * name type evidence}), {@code edges.tsv} ({@code source target kind relation weight evidence}, ends by node id) and
 * {@code graph.json} (counts, distance rule, the inputs' read reports). Evidence is {@code year:count;...} (year 0 =
 * unknown), so a stored graph can still be sliced by year.
 *
 * <p>A write is all or nothing: everything goes into a hidden sibling directory that is renamed into place at the
 * end; an existing graph directory is replaced only then. A failure deletes the hidden directory, and so does a JVM
 * stopped mid-write (Ctrl-C, SIGTERM), through {@link PendingFiles}. A directory that exists but is not a stored
 * knowledge graph, or that holds entries a stored graph does not, is never overwritten.
 */
public final class KnowledgeGraphStore {
  /** The manifest's file name. */
  public static final String MANIFEST = "graph.json";
  /** The schema version written and read. */
  public static final int FORMAT_VERSION = 1;

  private static final String NODES = "nodes.tsv";
  private static final String EDGES = "edges.tsv";
  /** The foreign entries a refusal names; it gives their count too. */
  private static final int FOREIGN_SHOWN = 5;
  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  private KnowledgeGraphStore() {}

  /**
   * The manifest of a stored graph.
   *
   * @param formatVersion {@link #FORMAT_VERSION}
   * @param distanceRule the graph's {@link DistanceRule} name
   * @param nodes nodes in total
   * @param edges edges in total
   * @param nodesByKind node counts by {@link NodeKind#label()}
   * @param edgesByKind edge counts by {@link EdgeKind#label()}
   * @param inputs the read reports' summaries
   * @param inputReports the read reports themselves, field by field, for scripts; null in a graph stored before they
   *     were kept
   * @param extraFiles other files stored with the graph (e.g. an APSP result), by role
   * @param created when it was written
   */
  public record Manifest(int formatVersion, String distanceRule, int nodes, int edges,
      Map<String, Integer> nodesByKind, Map<String, Integer> edgesByKind, List<String> inputs,
      List<ReadReport> inputReports, Map<String, String> extraFiles, String created) {}

  /** Something to put into the graph directory before it is committed (e.g. an APSP result). */
  @FunctionalInterface
  public interface Extra {
    /** Writes files into {@code directory} (the uncommitted graph directory); returns their names by role. */
    Map<String, String> writeInto(Path directory) throws IOException;
  }

  /**
   * Refuses a {@code target} that {@link #write} may not write to: it may be absent, or a graph stored before, which
   * is replaced; never a file, a foreign directory, a graph directory holding other entries too (notes, plots), or
   * the working directory or a folder above it. For commands to check before their work, not only when they write.
   *
   * @throws OutputLocationException naming {@code target} as given and saying what to do
   */
  public static void requireReplaceable(Path target) throws IOException {
    requireReplaceable(target, Path.of("").toAbsolutePath());
  }

  /** As {@link #requireReplaceable(Path)}, for a process whose working directory is {@code workingDirectory}. */
  static void requireReplaceable(Path target, Path workingDirectory) throws IOException {
    Path absolute = target.toAbsolutePath().normalize();
    if (!Files.exists(absolute)) {
      return;
    }
    if (!Files.isDirectory(absolute)) {
      throw new OutputLocationException(target + " is a file; choose a new directory");
    }
    if (!Files.isRegularFile(absolute.resolve(MANIFEST))) {
      throw new OutputLocationException(target + " is a directory but not a stored knowledge graph (no " + MANIFEST
          + "); choose a new directory");
    }
    // Replacing renames the graph away and deletes it: the shell that started the build would be left in a deleted
    // folder, and this process's relative paths would resolve there.
    Path cwd = workingDirectory.toRealPath();
    Path real = absolute.toRealPath();
    if (cwd.startsWith(real)) {
      throw new OutputLocationException(target + " is " + (cwd.equals(real) ? "the current directory"
          : "a folder above the current directory " + cwd) + ", which a build cannot replace: run it from another"
          + " directory (e.g. cd " + real.getParent() + ")");
    }
    List<String> foreign = foreignEntries(absolute);
    if (!foreign.isEmpty()) {
      throw new OutputLocationException(String.format(Locale.ROOT, "%s holds %d %s that a stored knowledge graph"
          + " does not (%s%s), which replacing it would delete: move %s out, or choose a new directory", target,
          foreign.size(), foreign.size() == 1 ? "entry" : "entries",
          String.join(", ", foreign.subList(0, Math.min(foreign.size(), FOREIGN_SHOWN))),
          foreign.size() > FOREIGN_SHOWN ? ", …" : "", foreign.size() == 1 ? "it" : "them"));
    }
  }

  /** The entries of the graph directory {@code directory} that a stored graph does not hold, sorted; folders end /. */
  private static List<String> foreignEntries(Path directory) throws IOException {
    Set<String> stored = storedEntries(directory);
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.filter(p -> !stored.contains(p.getFileName().toString()))
          .map(p -> p.getFileName() + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : "")).sorted()
          .toList();
    }
  }

  /**
   * The names a stored graph holds: the store's own files, and the extra files its manifest names (an APSP's
   * {@code apsp.npy}), each with the sidecar {@code DistanceStore} writes beside a matrix. Where the manifest cannot
   * be read, the store's own files alone: what else is there is not known to be the graph's.
   */
  private static Set<String> storedEntries(Path directory) {
    Set<String> names = new HashSet<>(List.of(MANIFEST, NODES, EDGES));
    try {
      Map<String, String> extraFiles = manifest(directory).extraFiles();
      for (String name : extraFiles == null ? List.<String>of() : extraFiles.values()) {
        names.add(name);
        names.add(Sidecar.pathFor(Path.of(name)).toString());
      }
    } catch (IOException | RuntimeException e) {
      // a damaged manifest names no extra files
    }
    return names;
  }

  /** Writes {@code graph} to the directory {@code target}; see the class comment. */
  public static Manifest write(KnowledgeGraph graph, List<ReadReport> inputs, Path target) throws IOException {
    return write(graph, inputs, target, null);
  }

  /** Writes {@code graph} and whatever {@code extra} adds to the directory {@code target}, all or nothing. */
  public static Manifest write(KnowledgeGraph graph, List<ReadReport> inputs, Path target, Extra extra)
      throws IOException {
    // normalized: "kg/." names the staging folder "..tmp-…" inside kg, and "kg/../kg" stops resolving once kg is
    // renamed away, so the old graph could be neither replaced nor put back
    Path absolute = target.toAbsolutePath().normalize();
    requireReplaceable(target);
    Path parent = absolute.getParent();
    Files.createDirectories(parent);
    Path staging = parent.resolve("." + absolute.getFileName() + ".tmp-" + suffix());
    // Registered before it exists: a catch block does not run on Ctrl-C or SIGTERM, the shutdown hook does.
    PendingFiles.add(staging);
    try {
      Files.createDirectory(staging);
      writeNodes(graph, staging.resolve(NODES));
      writeEdges(graph, staging.resolve(EDGES));
      Map<String, String> extraFiles = extra == null ? Map.of() : extra.writeInto(staging);
      Manifest manifest = manifest(graph, inputs, extraFiles);
      Files.write(staging.resolve(MANIFEST), JSON.writeValueAsBytes(manifest));
      if (!PendingFiles.release(staging)) {
        throw new IOException("stopped before " + target + " was written: the JVM is shutting down");
      }
      commit(staging, absolute);
      return manifest;
    } catch (IOException e) {
      deleteTree(staging);
      throw WriteFailures.naming(absolute, e);
    } catch (RuntimeException | Error e) {
      deleteTree(staging);
      throw e;
    } finally {
      PendingFiles.done(staging);
    }
  }

  private static void commit(Path staging, Path target) throws IOException {
    if (!Files.exists(target)) {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    requireReplaceable(target); // again: a file put into the graph directory during a long build is kept
    Path old = target.resolveSibling("." + target.getFileName() + ".old-" + suffix());
    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
    try {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw putBack(old, target, e);
    }
    PendingFiles.add(old); // the new graph is in place: an interrupted clean-up must not leave the old one behind
    deleteTree(old);
    PendingFiles.done(old);
  }

  /**
   * Puts the graph stored before back in place after the new one failed to take its place, returning what to throw:
   * {@code failure}, or, should the old graph stay where it was moved, a failure saying where it is, since a later
   * build deletes a {@code .NAME.old-} directory.
   */
  private static IOException putBack(Path old, Path target, IOException failure) {
    try {
      Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
      return failure;
    } catch (IOException e) {
      IOException stranded = new IOException(failure.getMessage() + "; the graph stored before is in " + old
          + ": rename it back to " + target + " before building again", failure);
      stranded.addSuppressed(e);
      return stranded;
    }
  }

  private static Manifest manifest(KnowledgeGraph graph, List<ReadReport> inputs, Map<String, String> extraFiles) {
    Map<String, Integer> nodesByKind = new LinkedHashMap<>();
    for (NodeKind kind : NodeKind.values()) {
      nodesByKind.put(kind.label(), graph.nodeCount(kind));
    }
    Map<String, Integer> edgesByKind = new LinkedHashMap<>();
    for (EdgeKind kind : EdgeKind.values()) {
      edgesByKind.put(kind.label(), graph.edgeCount(kind));
    }
    return new Manifest(FORMAT_VERSION, graph.distanceRule().name(), graph.nodeCount(), graph.edgeCount(),
        nodesByKind, edgesByKind, inputs.stream().map(ReadReport::summary).toList(), List.copyOf(inputs),
        extraFiles, Instant.now().toString());
  }

  private static void writeNodes(KnowledgeGraph graph, Path file) throws IOException {
    try (Writer out = writer(file)) {
      out.write("id\tkind\tname\ttype\tevidence\n");
      for (int u = 0; u < graph.nodeCount(); u++) {
        out.write(clean(graph.id(u)) + '\t' + graph.kind(u).label() + '\t' + clean(graph.rawName(u)) + '\t'
            + clean(graph.type(u)) + '\t' + graph.nodeEvidenceText(u) + '\n');
      }
    }
  }

  private static void writeEdges(KnowledgeGraph graph, Path file) throws IOException {
    try (Writer out = writer(file)) {
      out.write("source\ttarget\tkind\trelation\tweight\tevidence\n");
      for (int e = 0; e < graph.edgeCount(); e++) {
        out.write(clean(graph.id(graph.edgeSource(e))) + '\t' + clean(graph.id(graph.edgeTarget(e))) + '\t'
            + graph.edgeKind(e).label() + '\t' + clean(graph.relation(e)) + '\t' + graph.weight(e) + '\t'
            + graph.evidenceText(e) + '\n');
      }
    }
  }

  private static Writer writer(Path file) throws IOException {
    return new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 16);
  }

  /** Text safe for one TSV field: tabs and line breaks become spaces; {@code null} becomes empty. */
  private static String clean(String text) {
    if (text == null) {
      return "";
    }
    return text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /**
   * Reads a stored graph.
   *
   * @throws NoSuchFileException if {@code directory} holds no stored graph
   * @throws GraphInputException naming file and line if a row is malformed
   */
  public static KnowledgeGraph read(Path directory) throws IOException {
    Manifest manifest = manifest(directory);
    DistanceRule rule;
    try {
      rule = DistanceRule.valueOf(manifest.distanceRule());
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new GraphInputException(directory.resolve(MANIFEST).toString(), 0, "unknown distance rule",
          String.valueOf(manifest.distanceRule()), "one of " + Arrays.toString(DistanceRule.values()));
    }
    List<String> ids = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    IntArrayList kinds = new IntArrayList();
    IntArrayList nodeStart = new IntArrayList(List.of(0));
    IntArrayList nodeYears = new IntArrayList();
    IntArrayList nodeCounts = new IntArrayList();
    Path nodesFile = directory.resolve(NODES);
    try (TsvRows rows = new TsvRows(nodesFile, 5)) {
      while (rows.next()) {
        String[] f = rows.fields();
        ids.add(f[0]);
        kinds.add(rows.parse(() -> NodeKind.parse(f[1]).ordinal()));
        names.add(f[2].isEmpty() ? null : f[2]);
        types.add(f[3].isEmpty() ? null : f[3]);
        rows.parse(() -> {
          Evidence.parse(f[4], nodeYears, nodeCounts);
          return 0;
        });
        nodeStart.add(nodeYears.size());
      }
    }
    requireCount(nodesFile, ids.size(), manifest.nodes(), "nodes");
    Object2IntOpenHashMap<String> nodeOf = new Object2IntOpenHashMap<>(ids.size());
    nodeOf.defaultReturnValue(-1);
    for (int u = 0; u < ids.size(); u++) {
      if (nodeOf.put(ids.get(u), u) >= 0) {
        throw new GraphInputException(nodesFile.toString(), u + 2, "duplicate node id", ids.get(u), "unique ids");
      }
    }
    IntArrayList a = new IntArrayList();
    IntArrayList b = new IntArrayList();
    IntArrayList edgeKinds = new IntArrayList();
    IntArrayList relations = new IntArrayList();
    List<String> relationNames = new ArrayList<>();
    Object2IntOpenHashMap<String> relationOf = new Object2IntOpenHashMap<>();
    relationOf.defaultReturnValue(-1);
    List<Float> weights = new ArrayList<>();
    IntArrayList edgeStart = new IntArrayList(List.of(0));
    IntArrayList edgeYears = new IntArrayList();
    IntArrayList edgeCounts = new IntArrayList();
    try (TsvRows rows = new TsvRows(directory.resolve(EDGES), 6)) {
      while (rows.next()) {
        String[] f = rows.fields();
        a.add(rows.node(nodeOf, f[0]));
        b.add(rows.node(nodeOf, f[1]));
        edgeKinds.add(rows.parse(() -> EdgeKind.parse(f[2]).ordinal()));
        if (f[3].isEmpty()) {
          relations.add(-1);
        } else {
          int r = relationOf.getInt(f[3]);
          if (r < 0) {
            r = relationNames.size();
            relationOf.put(f[3], r);
            relationNames.add(f[3]);
          }
          relations.add(r);
        }
        float weight = rows.parse(() -> Float.parseFloat(f[4]));
        if (!(weight > 0 && weight <= 1)) {
          throw rows.fault("weight is not in (0, 1]", f[4], "a similarity in (0, 1]");
        }
        weights.add(weight);
        rows.parse(() -> {
          Evidence.parse(f[5], edgeYears, edgeCounts);
          return 0;
        });
        edgeStart.add(edgeYears.size());
      }
    }
    requireCount(directory.resolve(EDGES), a.size(), manifest.edges(), "edges");
    byte[] nodeKinds = new byte[kinds.size()];
    for (int i = 0; i < nodeKinds.length; i++) {
      nodeKinds[i] = (byte) kinds.getInt(i);
    }
    byte[] kindsOfEdges = new byte[edgeKinds.size()];
    float[] weightArray = new float[weights.size()];
    for (int i = 0; i < kindsOfEdges.length; i++) {
      kindsOfEdges[i] = (byte) edgeKinds.getInt(i);
      weightArray[i] = weights.get(i);
    }
    return new KnowledgeGraph(ids.toArray(String[]::new), names.toArray(String[]::new),
        types.toArray(String[]::new), nodeKinds, nodeStart.toIntArray(), nodeYears.toIntArray(),
        nodeCounts.toIntArray(), a.toIntArray(), b.toIntArray(), kindsOfEdges, relations.toIntArray(),
        relationNames.toArray(String[]::new), weightArray, edgeStart.toIntArray(), edgeYears.toIntArray(),
        edgeCounts.toIntArray(), rule);
  }

  /**
   * Refuses a table with other than the rows the manifest counted: one cut short at a line end (a copy stopped
   * part-way, a disk that filled) reads cleanly, and would answer for a graph with edges silently missing.
   */
  private static void requireCount(Path file, int read, int recorded, String what) throws GraphInputException {
    if (read != recorded) {
      throw new GraphInputException(file.toString(), 0, String.format(Locale.ROOT, "holds %,d %s but %s records"
          + " %,d: the stored graph is incomplete or its files come from different builds", read, what, MANIFEST,
          recorded), null, "the files of one 'tropic kg build', whole; copy them again or rebuild the graph");
    }
  }

  /**
   * The manifest of the stored graph in {@code directory}.
   *
   * @throws NoSuchFileException if there is none
   */
  public static Manifest manifest(Path directory) throws IOException {
    Path file = directory.resolve(MANIFEST);
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(directory.toString(), null, "not a stored knowledge graph (no " + MANIFEST
          + "); build one with 'tropic kg build ... -o " + directory + "'");
    }
    Manifest manifest;
    try {
      manifest = JSON.readValue(file.toFile(), Manifest.class);
    } catch (JsonProcessingException e) {
      // The original message leaves out Jackson's location text ("[Source: REDACTED ...]"); the line is kept.
      JsonLocation at = e.getLocation();
      throw new GraphInputException(file.toString(), at == null || at.getLineNr() < 0 ? 0 : at.getLineNr(),
          "not a readable knowledge-graph manifest (" + e.getOriginalMessage() + ")", null,
          "the JSON that 'tropic kg build' writes; rebuild the graph");
    }
    if (manifest == null) {
      throw new GraphInputException(file.toString(), 0, "empty manifest", null,
          "the JSON that 'tropic kg build' writes; rebuild the graph");
    }
    if (manifest.formatVersion() != FORMAT_VERSION) {
      throw new GraphInputException(file.toString(), 0, manifest.formatVersion() == 0
          ? "no formatVersion: not a knowledge graph stored by Tropic, or one from before format versions"
          : "knowledge-graph format version " + manifest.formatVersion() + " is not supported",
          null, "formatVersion " + FORMAT_VERSION + ", the only version this Tropic reads; rebuild the graph with"
          + " 'tropic kg build'");
    }
    return manifest;
  }

  /**
   * What {@link #deleteLeftovers} did.
   *
   * @param deleted the directories deleted
   * @param bytes the bytes they held
   * @param restored the {@code .NAME.old-HEX} directory put back in place as the target, or null
   */
  public record Leftovers(int deleted, long bytes, Path restored) {}

  /**
   * Deletes the directories a build killed before it finished left beside {@code target}: the staging directory
   * {@code .NAME.tmp-HEX} of a graph being written and {@code .NAME.old-HEX}, the graph it replaced, being deleted. A
   * Ctrl-C or SIGTERM deletes them as it stops; a kill -9 does not (one during Hetionet's {@code --apsp} write left
   * 1.8 GB), and no later build replaces them. Where {@code target} is missing, an {@code .NAME.old-HEX} holding a
   * graph is the only copy of the graph stored before (a build stopped between its two renames, or one whose new
   * graph failed to take its place): it is put back, not deleted. A build writing the same graph at the same time
   * (which nothing supports) would lose its directory; what cannot be deleted is left in place.
   *
   * @throws IOException if the folder cannot be listed
   */
  public static Leftovers deleteLeftovers(Path target) throws IOException {
    Path absolute = target.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return new Leftovers(0, 0, null);
    }
    String name = "." + absolute.getFileName();
    int deleted = 0;
    long freed = 0;
    Path restored = null;
    try (DirectoryStream<Path> listing = Files.newDirectoryStream(parent, p -> {
      String n = p.getFileName().toString();
      return n.startsWith(name) && n.substring(name.length()).matches("\\.(tmp|old)-[0-9a-f]{1,16}")
          && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
    })) {
      for (Path leftover : listing) {
        if (restored == null && !Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)
            && leftover.getFileName().toString().startsWith(name + ".old-")
            && Files.isRegularFile(leftover.resolve(MANIFEST))) {
          Files.move(leftover, absolute, StandardCopyOption.ATOMIC_MOVE);
          restored = leftover;
          continue;
        }
        freed += sizeOf(leftover);
        deleteTree(leftover);
        deleted++;
      }
    }
    return new Leftovers(deleted, freed, restored);
  }

  private static long sizeOf(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      return paths.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException e) {
          return 0;
        }
      }).sum();
    } catch (IOException | java.io.UncheckedIOException e) {
      return 0;
    }
  }

  private static String suffix() {
    return Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // Best effort: what remains is a hidden, clearly temporary directory.
    }
  }

  /** Rows of one stored TSV file, with errors naming file and line. */
  private static final class TsvRows implements AutoCloseable {
    private final Path file;
    private final int width;
    private final java.io.BufferedReader lines;
    private long line;
    private String text;
    private String[] fields;

    TsvRows(Path file, int width) throws IOException {
      this.file = file;
      this.width = width;
      if (Files.isDirectory(file)) { // else the JDK's bare "Is a directory", exit 1
        throw fault("a folder, not a file", null, "a stored knowledge graph file");
      }
      requireFinalNewline(file);
      this.lines = Files.newBufferedReader(file, StandardCharsets.UTF_8);
      if (readLine() == null) {
        throw new GraphInputException(file.toString(), 1, "missing header", null, "a stored knowledge graph file");
      }
      this.line = 1;
    }

    /**
     * Every row 'kg build' writes ends with a newline: a file cut short mid-row would otherwise be read with its
     * last row's fields cut, a wrong count or name and no error.
     */
    private void requireFinalNewline(Path file) throws IOException {
      try (var channel = FileChannel.open(file)) {
        ByteBuffer last = ByteBuffer.allocate(1);
        if (channel.size() > 0 && (channel.read(last, channel.size() - 1) != 1 || last.get(0) != '\n')) {
          throw fault("the file does not end with a newline: it was cut short (truncated?)", null,
              "rows ending with a newline, as 'kg build' writes them");
        }
      }
    }

    /** The next line, or null at the end; text that is not UTF-8 is damage named by its line, not an I/O error. */
    private String readLine() throws IOException {
      try {
        return lines.readLine();
      } catch (CharacterCodingException e) {
        throw new GraphInputException(file.toString(), line + 1, "not UTF-8 text", null,
            "UTF-8 text, as 'kg build' writes it");
      }
    }

    boolean next() throws IOException {
      text = readLine();
      if (text == null) {
        return false;
      }
      line++;
      fields = text.split("\t", -1);
      if (fields.length != width) {
        throw fault(fields.length + " fields where " + width + " are expected", text, width + " tab-separated"
            + " fields");
      }
      return true;
    }

    String[] fields() {
      return fields;
    }

    <T> T parse(java.util.concurrent.Callable<T> parser) throws GraphInputException {
      try {
        return parser.call();
      } catch (Exception e) {
        throw fault(e.getMessage(), text, null);
      }
    }

    int node(Object2IntOpenHashMap<String> nodeOf, String id) throws GraphInputException {
      int node = nodeOf.getInt(id);
      if (node < 0) {
        throw fault("edge names a node that nodes.tsv lacks", id, "an id from nodes.tsv");
      }
      return node;
    }

    GraphInputException fault(String problem, String offending, String expected) {
      return new GraphInputException(file.toString(), line, problem, offending, expected);
    }

    @Override
    public void close() throws IOException {
      lines.close();
    }
  }
}

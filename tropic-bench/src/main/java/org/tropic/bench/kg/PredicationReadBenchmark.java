package org.tropic.bench.kg;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.tropic.bench.CommandLines;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.ReadReport;
import org.tropic.kg.SemMedDbReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * Generates a SemMedDB PREDICATION dump of N rows in the real schema (latin1, quoted fields, {@code \N} nulls, piped
 * CUIs now and then, 2% novelty-0 rows) and times {@link SemMedDbReader} streaming it into a
 * {@link KnowledgeGraphBuilder}: rows per second, peak resident memory (VmHWM) and what was aggregated, so memory
 * can be judged against the distinct counts rather than the rows. Concepts are drawn with a heavy skew (most rows
 * name few concepts, as in SemMedDB); each abstract holds about five predications.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp tropic-bench.jar org.tropic.bench.kg.PredicationReadBenchmark \
 *     [--rows 10000000] [--concepts 200000] [--edges concept-concept|all] [--gzip] [--file PATH] [--keep]
 * </pre>
 *
 * Speed is the reader's own, measured in this process; generation is timed apart and not counted.
 */
public final class PredicationReadBenchmark {
  private static final String[] SEMTYPES = {"dsyn", "phsu", "gngm", "aapp", "orch", "neop", "patf", "sosy"};

  private PredicationReadBenchmark() {}

  public static void main(String[] args) throws IOException {
    Options o = new Options();
    if (!CommandLines.parseOrExit("PredicationReadBenchmark", o, args)) {
      return;
    }
    long rows = o.rows;
    int concepts = o.concepts;
    String edges = o.edges;
    boolean gzip = o.gzip;
    boolean keep = o.keep;
    Path file = o.file;
    if (file == null) {
      file = Files.createTempFile("PREDICATION-", gzip ? ".csv.gz" : ".csv");
    }
    try {
      long start = System.nanoTime();
      generate(file, rows, concepts, gzip);
      System.out.printf(Locale.ROOT, "generated %,d rows (%,d bytes) in %.1f s: %s%n", rows, Files.size(file),
          (System.nanoTime() - start) / 1e9, file);

      KnowledgeGraphBuilder builder = new KnowledgeGraphBuilder(EdgeKind.parseList(edges));
      long before = peakRssKib();
      java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
      long cpuStart = threads.getCurrentThreadCpuTime();
      start = System.nanoTime();
      ReadReport report = SemMedDbReader.readPredications(file, builder, SemMedDbReader.Options.defaults());
      double seconds = (System.nanoTime() - start) / 1e9;
      double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
      Runtime runtime = Runtime.getRuntime();
      System.out.println(report.summary().lines().findFirst().orElse(""));
      System.out.printf(Locale.ROOT, "read %,d rows in %.2f s: %,.0f rows/s (%.0f MB/s of %s input)%n",
          report.rows(), seconds, report.rows() / seconds, Files.size(file) / seconds / 1e6,
          gzip ? "gzip" : "plain");
      System.out.printf(Locale.ROOT, "reading thread's CPU time %.2f s: %,.0f rows per CPU-second (what a machine"
          + " not shared with other work would approach)%n", cpuSeconds, report.rows() / cpuSeconds);
      System.out.printf(Locale.ROOT, "aggregated: %,d concepts, %,d concept pairs (edge kinds %s)%n",
          builder.conceptCount(), builder.conceptPairCount(), edges);
      System.out.printf(Locale.ROOT, "peak RSS: %,d MiB (%,d MiB before reading); heap in use %,d MiB of max %,d"
          + " MiB%n", peakRssKib() / 1024, before / 1024, (runtime.totalMemory() - runtime.freeMemory()) >> 20,
          runtime.maxMemory() >> 20);
    } finally {
      if (!keep) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** The command line, read by picocli; counts may be written with underscores ({@code 10_000_000}). */
  @Command(name = "PredicationReadBenchmark", customSynopsis = "PredicationReadBenchmark [options]",
      sortOptions = false)
  static final class Options {
    @Option(order = 1, names = "--rows", paramLabel = "N", converter = UnderscoredLong.class,
        description = "predication rows to generate and read (default: 10_000_000)")
    long rows = 10_000_000;

    @Option(order = 2, names = "--concepts", paramLabel = "N", converter = UnderscoredInt.class,
        description = "distinct concepts the rows draw from, with a heavy skew (default: 200_000)")
    int concepts = 200_000;

    @Option(order = 3, names = "--edges", paramLabel = "KINDS",
        description = "edge kinds aggregated: a comma-separated list of kinds, or all (default: concept-concept)")
    String edges = "concept-concept";

    @Option(order = 4, names = "--gzip", description = "write and read the dump gzip-compressed")
    boolean gzip;

    @Option(order = 5, names = "--file", paramLabel = "PATH",
        description = "where to write the dump (default: a temporary file)")
    Path file;

    @Option(order = 6, names = "--keep", description = "keep the dump afterwards (default: delete it)")
    boolean keep;

    @Option(order = 7, names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
  }

  /** A long that may be written with underscores between digits. */
  static final class UnderscoredLong implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return Long.parseLong(value.replace("_", ""));
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a whole number");
      }
    }
  }

  /** An int that may be written with underscores between digits. */
  static final class UnderscoredInt implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      try {
        return Integer.parseInt(value.replace("_", ""));
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a whole number");
      }
    }
  }

  /** Writes the dump: one row per predication, fields as SemMedDB's CSV export writes them. */
  static void generate(Path file, long rows, int concepts, boolean gzip) throws IOException {
    SplittableRandom random = new SplittableRandom(42);
    try (OutputStream raw = Files.newOutputStream(file);
        OutputStream out = new BufferedOutputStream(gzip ? new GZIPOutputStream(raw, 1 << 16) : raw, 1 << 20)) {
      StringBuilder row = new StringBuilder(256);
      for (long r = 0; r < rows; r++) {
        row.setLength(0);
        int subject = skewed(random, concepts);
        int object = skewed(random, concepts);
        long pmid = 1 + r / 5;
        int noveltyObject = random.nextInt(50) == 0 ? 0 : 1;
        row.append('"').append(r + 1).append("\",\"").append(r / 2 + 1).append("\",\"").append(pmid)
            .append("\",\"ASSOCIATED_WITH\",");
        concept(row, subject, random.nextInt(40) == 0);
        row.append(",1,");
        concept(row, object, false);
        row.append(',').append(noveltyObject).append(",\\N,\\N,\\N\n");
        out.write(row.toString().getBytes(StandardCharsets.ISO_8859_1));
      }
    }
  }

  private static void concept(StringBuilder row, int id, boolean piped) {
    row.append("\"C").append(String.format(Locale.ROOT, "%07d", id));
    if (piped) {
      row.append('|').append(1000 + id);
    }
    row.append("\",\"Concept ").append(id).append(piped ? "|GENE" + id : "").append("\",\"")
        .append(SEMTYPES[id % SEMTYPES.length]).append('"');
  }

  /** Ids skewed towards 0: the cube of a uniform draw. */
  private static int skewed(SplittableRandom random, int concepts) {
    double u = random.nextDouble();
    return (int) (u * u * u * concepts);
  }

  /** Peak resident set size of this process in KiB (Linux VmHWM), or -1 where /proc is absent. */
  static long peakRssKib() {
    try {
      List<String> status = Files.readAllLines(Path.of("/proc/self/status"));
      for (String line : status) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }
}

package org.tropic.apsp;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.lang.System.Logger.Level;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.tropic.io.AtomicFiles;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * The tile kernels' measured rates kept on disk between commands, as FFTW keeps its wisdom: the first Floyd–Warshall
 * or partitioned estimate in a JVM calibrates the kernels (1–3 s on a quiet 2-core VM, 6 s and more on a loaded
 * one, where cond-mat's whole plan took 12 s against a 9 s solve), and every {@code tropic} command is a new JVM.
 * One file per machine signature — kernels, processors, CPU model, cache sizes, JVM and the build of these
 * classes — so nodes of different kinds may share a home folder and a rebuilt kernel is measured afresh. A file
 * older than {@link #MAX_AGE} (or dated more than {@link #CLOCK_SKEW} ahead), unreadable, or of another signature
 * is ignored and replaced; one that cannot be written (a read-only home) only costs the next command its
 * calibration.
 */
final class CalibrationCache {
  /** How long a measurement is trusted: a machine's load, clocks and firmware drift over weeks. */
  static final Duration MAX_AGE = Duration.ofDays(7);
  /** How far ahead of this clock a measurement's date may be, written by a node whose clock runs ahead. */
  static final Duration CLOCK_SKEW = Duration.ofDays(1);
  private static final System.Logger LOG = System.getLogger(CalibrationCache.class.getName());

  private final Path folder;
  private final Supplier<String> signing;
  private String signature;

  /**
   * The cache for these kernels. The signature is taken when first needed: naming the kernels loads the Vector
   * API, which a run that never estimates Floyd–Warshall (Dijkstra on a small graph) does not load at all.
   */
  CalibrationCache(Path folder, MinPlusKernels kernels) {
    this.folder = folder;
    this.signing = () -> signature(kernels);
  }

  CalibrationCache(Path folder, String signature) {
    this.folder = folder;
    this.signing = () -> signature;
  }

  private synchronized String signature() {
    if (signature == null) {
      signature = signing.get();
    }
    return signature;
  }

  Path file() {
    return folder.resolve("calibration-" + HexFormat.of().toHexDigits(signature().hashCode()) + ".properties");
  }

  /** The stored value of {@code key} for {@code arithmetic}, if this machine's file holds a fresh one. */
  Optional<String> get(Arithmetic arithmetic, String key) {
    return Optional.ofNullable(read().getProperty(arithmetic.label() + "." + key));
  }

  /** Stores {@code values} (key to value) for {@code arithmetic} beside what the file already holds. */
  synchronized void put(Arithmetic arithmetic, String... keysAndValues) {
    Properties all = read();
    all.setProperty("signature", signature());
    all.setProperty("measured", all.getProperty("measured", Instant.now().toString()));
    for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
      all.setProperty(arithmetic.label() + "." + keysAndValues[i], keysAndValues[i + 1]);
    }
    StringWriter text = new StringWriter();
    Path file = file();
    try {
      all.store(text, "Tropic's tile-kernel rates on this machine; delete this file to measure them again");
      AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.ISO_8859_1));
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.DEBUG, () -> "cannot keep the kernel calibration in " + file + ": " + e.getMessage());
    }
  }

  /** A list of rates as one value. */
  static String join(double[] values) {
    return Arrays.stream(values).mapToObj(Double::toString).collect(Collectors.joining(","));
  }

  /** {@link #join}'s list back, or {@code null} if it is not {@code length} positive finite numbers. */
  static double[] split(String value, int length) {
    try {
      double[] values = Arrays.stream(value.split(",")).mapToDouble(Double::parseDouble).toArray();
      return values.length == length && Arrays.stream(values).allMatch(v -> v > 0 && Double.isFinite(v))
          ? values : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The file's properties if it is this machine's and fresh, else none. */
  private synchronized Properties read() {
    Properties all = new Properties();
    Path file = file();
    if (!Files.isRegularFile(file)) {
      return all;
    }
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      all.load(in);
      Instant measured = Instant.parse(all.getProperty("measured", ""));
      Instant now = Instant.now();
      // a date ahead of this clock by more than nodes' clocks differ would be trusted for all that time too
      boolean fresh = measured.plus(MAX_AGE).isAfter(now) && measured.isBefore(now.plus(CLOCK_SKEW));
      if (signature().equals(all.getProperty("signature")) && fresh) {
        return all;
      }
    } catch (IOException | IllegalArgumentException | DateTimeParseException e) {
      LOG.log(Level.DEBUG, () -> "ignoring the kernel calibration in " + file + ": " + e.getMessage());
    }
    return new Properties();
  }

  /** What a measurement depends on besides the arithmetic path. */
  static String signature(MinPlusKernels kernels) {
    return String.join("|", kernels.name(), Integer.toString(Runtime.getRuntime().availableProcessors()),
        cpuModel(), Long.toString(CpuCaches.L2_BYTES), Long.toString(CpuCaches.LAST_LEVEL_BYTES),
        System.getProperty("java.vm.version", "?"), build());
  }

  /** The "model name" Linux gives the first processor, or the architecture where it cannot be read. */
  private static String cpuModel() {
    try (var lines = Files.lines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
      return lines.filter(l -> l.startsWith("model name")).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse(System.getProperty("os.arch"));
    } catch (IOException | RuntimeException e) {
      return System.getProperty("os.arch");
    }
  }

  /** The jar or folder these classes came from, with its size and time: a rebuild is a new signature. */
  private static String build() {
    try {
      Path code = Path.of(CalibrationCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return code + "@" + Files.size(code) + "@" + Files.getLastModifiedTime(code).toMillis();
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return "unknown build";
    }
  }
}

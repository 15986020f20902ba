package org.tropic.bench;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.HeapFootprint;
import org.tropic.apsp.Planner;
import org.tropic.io.Units;

/**
 * Checks made before any benchmark runs, so that a run of several minutes does not end in an error it could have
 * given at once: the {@code --json} file must be writable (it was only written, or refused, after the whole run),
 * the sizes asked for must fit in the heap (a huge {@code --sizes} ended in an OutOfMemoryError stack trace), and
 * a {@code --python} given must have SciPy.
 * Each failure is an {@link IllegalArgumentException} naming the option, which {@link BenchMain} turns into exit 2.
 */
final class Preflight {
  /** The most elements a Java array can have on HotSpot. */
  static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

  private Preflight() {}

  /**
   * Refuses a {@code --json} target that is a folder or a special file, or where no file can be created, or that is
   * one of the {@code --graph} files: the report was renamed over the graph it measured, which was then lost.
   */
  static void jsonTarget(Path json, List<Path> graphs) {
    if (json == null) {
      return;
    }
    Path target = json.toAbsolutePath();
    for (Path graph : graphs) {
      if (sameFile(target, graph)) {
        throw new IllegalArgumentException("--json " + json + " is the --graph " + graph + ": writing the report"
            + " there would replace the graph; give another file name");
      }
    }
    if (Files.isDirectory(target)) {
      throw new IllegalArgumentException("--json " + json + ": a folder; give a file name in it");
    }
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      // as root, the rename of the finished report would turn /dev/null into a regular file
      throw new IllegalArgumentException("--json " + json + ": a device, FIFO or socket, not a regular file; "
          + "writing would replace it");
    }
    // Missing folders are created when the report is written; what must take a file now is the nearest one that
    // exists (a read-only folder or /proc, which says it is writable to root, fails only when a file is made).
    Path folder = target.getParent();
    while (!Files.exists(folder) && folder.getParent() != null) {
      folder = folder.getParent();
    }
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("--json " + json + ": " + folder + " is a file, not a folder");
    }
    Path probe = folder.resolve(".tropic-bench-probe-" + Long.toUnsignedString(
        ThreadLocalRandom.current().nextLong(), 36));
    try {
      Files.createFile(probe);
      Files.delete(probe);
    } catch (IOException e) {
      // the file system's reason alone: the probe's hidden name is no business of the user's
      String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.toString();
      throw new IllegalArgumentException("--json " + json + ": no file can be created in " + folder + " (" + reason
          + ")");
    }
  }

  /** Whether the two name one file (through a link or another spelling too); a file that is missing is no other. */
  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return a.normalize().equals(b.toAbsolutePath().normalize());
    }
  }

  /**
   * Refuses a {@code --python} that cannot import SciPy when the peers run: the SciPy rows are measured last, so a
   * mistyped path was only reported as skipped rows after the kernel and Floyd–Warshall parts. Without
   * {@code --python} a machine lacking SciPy still runs, its rows saying so.
   */
  static void python(BenchConfig config) {
    if (config.python() == null || !config.runs(BenchPart.PEERS)) {
      return;
    }
    List<String> why = new ArrayList<>();
    if (ScipyPeer.find(config.python(), why).isEmpty()) {
      throw new IllegalArgumentException("--python " + config.python() + ": cannot import SciPy ("
          + String.join("; ", why) + "); give a Python that has it, or leave --python out to run without SciPy "
          + "where none is found");
    }
  }

  /**
   * Refuses sizes whose arrays cannot fit in {@code maxHeapBytes}, counting what each part holds at once as the
   * heap takes it: Floyd–Warshall's tiles and panels as {@code tropic apsp}'s planner counts them. The n² × 4 bytes
   * of the result alone, counted before, let {@code --sizes 8192} start in a 280 MiB heap, where its tiles and panels
   * take 405 MiB, and run out of it. The refusal suggests a heap that holds the largest part.
   */
  static void memory(BenchConfig config, long maxHeapBytes) {
    memory(config, maxHeapBytes, HeapAdvice.physicalMemory());
  }

  /** As {@link #memory(BenchConfig, long)} on a machine of {@code machineBytes} (0: unknown). */
  static void memory(BenchConfig config, long maxHeapBytes, long machineBytes) {
    List<Need> tooBig = new ArrayList<>();
    if (config.runs(BenchPart.KERNEL)) {
      if ((long) config.kernel().size() * config.kernel().size() > MAX_ARRAY) {
        throw new IllegalArgumentException("--kernel-size " + config.kernel().size() + ": a panel of its square, "
            + "in floats, is larger than the largest Java array (" + MAX_ARRAY + " elements)");
      }
      int s = config.kernel().size();
      int threads = config.kernelThreads().stream().mapToInt(Integer::intValue).max().orElse(1);
      // per thread: A and B, their packed copies, and C, s × s floats each; then one more for the scalar check
      double panel = HeapFootprint.floatArray((long) s * s);
      need(tooBig, "--kernel-size " + s, (threads * 5 + 1) * panel,
          threads + " thread(s) × 5 panels of " + s + "² floats and the check's one", maxHeapBytes);
    }
    if (config.runs(BenchPart.FW)) {
      for (int n : config.fwSizes()) {
        need(tooBig, "--sizes " + n, floydWarshallBytes(n, config.blockSize()),
            "Floyd–Warshall's n² float tiles and three iterations' panels, as tropic apsp counts them", maxHeapBytes);
      }
    }
    if (config.runs(BenchPart.PEERS)) {
      int n = config.peerSize();
      // Tropic's Floyd–Warshall (tiles and panels) and its planner's pick (an n² float result at least) are held
      // while JGraphT fills its n² doubles
      double bytes = floydWarshallBytes(n, config.blockSize()) + matrixBytes(n)
          + (n <= config.jgraphtMaxN() ? 2 * matrixBytes(n) : 0);
      need(tooBig, "--peer-n " + n, bytes, n <= config.jgraphtMaxN()
          ? "Tropic's Floyd–Warshall, its planner's n² float result and JGraphT's n² doubles"
          : "Tropic's Floyd–Warshall and its planner's n² float result", maxHeapBytes);
    }
    if (!tooBig.isEmpty()) {
      double most = tooBig.stream().mapToDouble(Need::bytes).max().orElseThrow();
      // past a long's bytes no heap is worth suggesting
      String advice = most >= Long.MAX_VALUE / 2 ? "give a smaller size"
          : HeapAdvice.forShortfall((long) most, maxHeapBytes, maxHeapBytes, machineBytes).advise("give a smaller"
              + " size");
      throw new IllegalArgumentException(String.join("; ", tooBig.stream().map(Need::text).toList())
          + ": above the maximum heap of " + Units.bytes(maxHeapBytes) + "; " + advice);
    }
  }

  /** A part's need above the heap, and how the refusal words it. */
  private record Need(double bytes, String text) {}

  /** Floyd–Warshall's heap, or +∞ where its bytes would overflow a long. */
  private static double floydWarshallBytes(int n, int blockSize) {
    long bytes = Planner.floydWarshallHeapBytes(n, blockSize);
    return bytes == Long.MAX_VALUE ? Math.max(matrixBytes(n), Long.MAX_VALUE) : bytes;
  }

  /** In doubles: n up to 2^31 − 1 would overflow a long. */
  private static double matrixBytes(double n) {
    return n * n * Float.BYTES;
  }

  private static void need(List<Need> tooBig, String option, double bytes, String what, long maxHeapBytes) {
    if (bytes > maxHeapBytes) {
      String size = bytes >= Long.MAX_VALUE ? String.format(Locale.ROOT, "%.3g bytes", bytes)
          : Units.bytes((long) bytes);
      tooBig.add(new Need(bytes, option + " needs " + size + " (" + what + ")"));
    }
  }
}

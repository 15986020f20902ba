package org.tropic.bench;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

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
   * Refuses sizes whose arrays cannot fit in {@code maxHeapBytes}, counting only what each part must hold at once,
   * so a run this passes may still be short of memory but one it refuses could never have finished.
   */
  static void memory(BenchConfig config, long maxHeapBytes) {
    List<String> tooBig = new ArrayList<>();
    if (config.runs(BenchPart.KERNEL)) {
      if ((long) config.kernel().size() * config.kernel().size() > MAX_ARRAY) {
        throw new IllegalArgumentException("--kernel-size " + config.kernel().size() + ": a panel of its square, "
            + "in floats, is larger than the largest Java array (" + MAX_ARRAY + " elements)");
      }
      double s = config.kernel().size();
      int threads = config.kernelThreads().stream().mapToInt(Integer::intValue).max().orElse(1);
      // per thread: A and B, their packed copies, and C, s × s floats each
      need(tooBig, "--kernel-size " + config.kernel().size(), threads * 5 * s * s * Float.BYTES,
          threads + " thread(s) × 5 panels of " + config.kernel().size() + "² floats",
          maxHeapBytes);
    }
    if (config.runs(BenchPart.FW)) {
      for (int n : config.fwSizes()) {
        need(tooBig, "--sizes " + n, matrixBytes(n), "the n² float result", maxHeapBytes);
      }
    }
    if (config.runs(BenchPart.PEERS)) {
      int n = config.peerSize();
      // Tropic's two results (its FW and its planner's pick) are held while JGraphT fills its n² doubles
      double bytes = 2 * matrixBytes(n) + (n <= config.jgraphtMaxN() ? 2 * matrixBytes(n) : 0);
      need(tooBig, "--peer-n " + n, bytes, n <= config.jgraphtMaxN()
          ? "Tropic's two n² float results and JGraphT's n² doubles" : "Tropic's two n² float results",
          maxHeapBytes);
    }
    if (!tooBig.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", tooBig) + ": above the maximum heap of "
          + gib(maxHeapBytes) + " (give a smaller size, or a larger heap with TROPIC_JAVA_OPTS=-Xmx...)");
    }
  }

  /** In doubles: n up to 2^31 − 1 would overflow a long. */
  private static double matrixBytes(double n) {
    return n * n * Float.BYTES;
  }

  private static void need(List<String> tooBig, String option, double bytes, String what, long maxHeapBytes) {
    if (bytes > maxHeapBytes) {
      tooBig.add(option + " needs at least " + gib(bytes) + " (" + what + ")");
    }
  }

  private static String gib(double bytes) {
    return String.format(Locale.ROOT, "%,.1f GiB", bytes / (1L << 30));
  }
}

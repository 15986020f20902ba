package org.tropic.bench.sparse;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;
import org.tropic.bench.CommandLines;
import org.tropic.bench.OptionConverters.PositiveInt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * An A/B of two SpMV configurations in one JVM: two builds of Tropic (each jar in its own class loader), or two
 * layouts of one build. The rounds alternate which side goes first, and the report is the median of the per-round
 * time ratios, so a shared machine's slow spells, which hit both sides of a round alike, cancel out. Separate runs
 * of {@link SparseBench} on this VM moved by ±25% from one to the next. Both sides' y are checked against each other
 * first.
 *
 * <p>Usage: {@code SpmvAb --graph webgraph --a old.jar --b tropic-bench.jar [--threads N] [--rounds R]
 * [--a-order O] [--b-order O] [--a-block-size B] [--b-block-size B]}; a side without a jar uses this one. The jars
 * must hold {@link SpmvProbe} (tropic-bench jars from 2026-11-21 on).
 */
public final class SpmvAb {
  private SpmvAb() {}

  public static void main(String[] args) throws Exception {
    Options o = new Options();
    if (!CommandLines.parseOrExit("SpmvAb", o, args)) {
      return;
    }
    try {
      run(o, System.out);
    } catch (IllegalArgumentException | IllegalStateException e) {
      System.err.println("SpmvAb: " + e.getMessage());
      System.exit(2);
    }
  }

  static void run(Options o, PrintStream out) throws Exception {
    Path data = o.data != null ? o.data : SparseBench.findData();
    Object[] sides = {
      probe(o.aJar, data, o.graph, o.threads, o.aBlockSize, o.aBlockWidth, o.aOrder),
      probe(o.bJar, data, o.graph, o.threads, o.bBlockSize, o.bBlockWidth, o.bOrder)};
    out.printf("A: %s%nB: %s%n", describe(o.aJar, sides[0]), describe(o.bJar, sides[1]));
    checkSameProduct(sides);
    Runnable[] spmv = {(Runnable) sides[0], (Runnable) sides[1]};
    for (int warm = 0; warm < 4; warm++) {
      seconds(spmv[warm % 2], 0.5);
    }
    int reps = Math.max(3, (int) (0.05 / Math.max(time(spmv[0], 3), 1e-9)));
    double[][] t = new double[2][o.rounds];
    double[] ratio = new double[o.rounds];
    for (int i = 0; i < o.rounds; i++) {
      for (int j = 0; j < 2; j++) {
        int side = (i + j) % 2;
        t[side][i] = time(spmv[side], reps);
      }
      ratio[i] = t[1][i] / t[0][i];
    }
    Arrays.sort(t[0]);
    Arrays.sort(t[1]);
    Arrays.sort(ratio);
    int r = o.rounds;
    out.printf("%s, %d threads, %d rounds of %d SpMV per side%n", o.graph, o.threads, r, reps);
    out.printf("A: median %.4f ms, fastest %.4f ms%n", 1e3 * t[0][r / 2], 1e3 * t[0][0]);
    out.printf("B: median %.4f ms, fastest %.4f ms%n", 1e3 * t[1][r / 2], 1e3 * t[1][0]);
    out.printf("B/A time: median %.3f (quartiles %.3f–%.3f)%n", ratio[r / 2], ratio[r / 4],
        ratio[3 * r / 4]);
  }

  private static Object probe(Path jar, Path data, String graph, int threads, int blockSize, int blockWidth,
      String order) throws Exception {
    if (jar == null) {
      return SpmvProbe.create(data, graph, threads, blockSize, blockWidth, order);
    }
    // Parent: the platform loader, so that every Tropic class comes from this jar alone.
    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader());
    try {
      Class<?> probe = loader.loadClass(SpmvProbe.class.getName());
      // Jars from before blocks had a width of their own know only the five-argument form.
      return blockWidth == 0
          ? probe.getMethod("create", Path.class, String.class, int.class, int.class, String.class)
              .invoke(null, data, graph, threads, blockSize, order)
          : probe.getMethod("create", Path.class, String.class, int.class, int.class, int.class, String.class)
              .invoke(null, data, graph, threads, blockSize, blockWidth, order);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(jar + " has no " + SpmvProbe.class.getName()
          + "; build it from a version that has", e);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  private static String describe(Path jar, Object side) {
    return (jar == null ? "this build" : jar.toString()) + ", " + side;
  }

  @SuppressWarnings("unchecked")
  private static void checkSameProduct(Object[] sides) {
    float[] a = ((Supplier<float[]>) sides[0]).get();
    float[] b = ((Supplier<float[]>) sides[1]).get();
    for (int i = 0; i < a.length; i++) {
      if (Math.abs(a[i] - b[i]) > 1e-4 * (1 + Math.abs(a[i]))) {
        throw new IllegalStateException("the sides disagree at row " + i + ": " + a[i] + " against " + b[i]);
      }
    }
  }

  private static void seconds(Runnable action, double seconds) {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (System.nanoTime() < end) {
      action.run();
    }
  }

  /** Mean seconds per run over {@code reps} runs. */
  private static double time(Runnable action, int reps) {
    long t0 = System.nanoTime();
    for (int i = 0; i < reps; i++) {
      action.run();
    }
    return (System.nanoTime() - t0) / 1e9 / reps;
  }

  /** The command line, read by picocli. */
  @Command(name = "SpmvAb", customSynopsis = "SpmvAb [options]", sortOptions = false)
  static final class Options {
    @Option(order = 1, names = "--data", paramLabel = "DIR",
        description = "the shared data folder (default: the first shared/data above the working directory)")
    Path data;

    @Option(order = 2, names = "--graph", paramLabel = "G",
        description = "webgraph, road, as or rmatSCALE[xEDGEFACTOR] (default: webgraph)")
    String graph = "webgraph";

    @Option(order = 3, names = "--a", paramLabel = "JAR", description = "side A's tropic-bench jar (default: this one)")
    Path aJar;

    @Option(order = 4, names = "--b", paramLabel = "JAR", description = "side B's tropic-bench jar (default: this one)")
    Path bJar;

    @Option(order = 5, names = "--a-order", paramLabel = "O", description = "side A's layout: auto, none, cache, rcm"
        + " or rcm-cache (default: auto)")
    String aOrder = "auto";

    @Option(order = 6, names = "--b-order", paramLabel = "O", description = "side B's layout (default: auto)")
    String bOrder = "auto";

    @Option(order = 7, names = "--a-block-size", paramLabel = "B", description = "side A's block size (default: 0,"
        + " automatic)")
    int aBlockSize;

    @Option(order = 8, names = "--b-block-size", paramLabel = "B", description = "side B's block size (default: 0)")
    int bBlockSize;

    @Option(order = 8, names = "--a-block-width", paramLabel = "W", description = "side A's block width, if not"
        + " its block size (default: 0, automatic)")
    int aBlockWidth;

    @Option(order = 8, names = "--b-block-width", paramLabel = "W", description = "side B's block width (default: 0)")
    int bBlockWidth;

    @Option(order = 9, names = "--threads", paramLabel = "N", converter = PositiveInt.class,
        description = "worker threads (default: all processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(order = 10, names = "--rounds", paramLabel = "R", converter = PositiveInt.class,
        description = "alternating rounds of about 50 ms per side (default: 40)")
    int rounds = 40;

    @Option(order = 11, names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
  }
}

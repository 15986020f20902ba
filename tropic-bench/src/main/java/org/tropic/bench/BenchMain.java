package org.tropic.bench;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.apsp.HeapAdvice;

/**
 * Runs the benchmark from a command line without the {@code tropic} launcher:
 * <pre>
 * java --add-modules jdk.incubator.vector -cp tropic-bench/target/tropic-bench.jar org.tropic.bench.BenchMain --help
 * </pre>
 * Exit codes: 0 done, 1 a result was wrong or the run failed, 2 bad options.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) {
    System.exit(execute(args, System.out, System.err));
  }

  /** Runs with the given options; returns the exit code instead of exiting (for the CLI and tests). */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    if (BenchArgs.wantsHelp(args)) {
      out.print(BenchArgs.USAGE);
      return 0;
    }
    BenchConfig config;
    try {
      config = BenchArgs.parse(args);
      requireGraphFiles(config);
      Preflight.jsonTarget(config.jsonOut(), config.graphFiles());
      Preflight.memory(config, Runtime.getRuntime().maxMemory());
      Preflight.python(config);
    } catch (IllegalArgumentException e) {
      err.println("tropic bench: " + e.getMessage());
      return 2;
    }
    try {
      return exitCode(BenchRunner.run(config, out), err);
    } catch (UncheckedIOException e) {
      err.println("tropic bench: " + e.getMessage());
      return 2;
    } catch (OutOfMemoryError e) {
      // what the checks before the run cannot foresee (the solver's panels, the peers' own structures)
      err.println("tropic bench: out of memory (maximum heap " + (Runtime.getRuntime().maxMemory() >> 20)
          + " MiB): " + HeapAdvice.doubled().advise("give smaller --sizes, --peer-n or --kernel-size"));
      return 2;
    } catch (RuntimeException e) {
      err.println("tropic bench: failed: " + e);
      e.printStackTrace(err);
      return 1;
    }
  }

  /** Every {@code --graph} must be a file: checked now, not after the kernel benchmarks have run. */
  static void requireGraphFiles(BenchConfig config) {
    for (Path file : config.graphFiles()) {
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException("--graph " + file + ": " + (Files.isDirectory(file) ? "a folder, not a"
            + " graph file" : "no such file"));
      }
    }
  }

  /** 1 if any result was wrong (a kernel, the solver or a peer disagreed), else 0; says which on {@code err}. */
  static int exitCode(BenchResults results, PrintStream err) {
    int wrong = 0;
    for (KernelResult k : results.kernels()) {
      if (!k.verified()) {
        err.println("tropic bench: kernel " + k.arithmetic().label() + " gave a wrong result: " + k.mismatch());
        wrong++;
      }
    }
    for (FwResult f : results.floydWarshall()) {
      if (f.check() != null && !f.check().agrees()) {
        err.println("tropic bench: distances of " + f.graph() + " disagree with Dijkstra: " + f.check().summary());
        wrong++;
      }
    }
    for (PeerResult p : results.peers()) {
      if (p.ran() && !p.agreement().agrees()) {
        err.println("tropic bench: " + p.peer() + " disagrees on " + p.graph() + ": " + p.agreement().summary());
        wrong++;
      }
    }
    return wrong == 0 ? 0 : 1;
  }
}

package org.tropic.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tropic.bench.BenchArgs;
import org.tropic.bench.BenchMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code tropic bench ...}: the side-by-side benchmarks of {@code tropic-bench} (kernel rate against the measured
 * min-plus peak, end-to-end Floyd–Warshall against the kernel, SciPy and JGraphT on the same graphs). Its options
 * are the bench's own; {@code tropic bench --help} lists them.
 */
@Command(name = "bench", description = "Benchmarks: kernel vs the machine's min-plus peak, Floyd–Warshall vs the "
    + "kernel, Tropic vs SciPy and JGraphT. 'tropic bench --help' lists the options.")
final class BenchCommand implements Callable<Integer>, PassThroughHelp {
  @Unmatched
  List<String> args = new ArrayList<>();

  @Override
  public String usage() {
    return BenchArgs.USAGE;
  }

  @Override
  public Integer call() {
    return BenchMain.execute(args.toArray(String[]::new), System.out, System.err);
  }
}

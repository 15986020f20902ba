package org.tropic.cli.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tropic.bench.sparse.ProductMismatchException;
import org.tropic.bench.sparse.SparseBench;
import org.tropic.cli.PassThroughHelp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code tropic sparse bench ...}: {@link SparseBench} from the command line (SpMV, SpMM and BFS on BlockCoo against
 * a plain CSR SpMV and SuiteSparse:GraphBLAS, next to the machine's copy bandwidth). Its options are the bench's
 * own; {@code tropic sparse bench --help} lists them.
 */
@Command(name = "bench", description = "SpMV, SpMM and BFS on the shared graphs against plain CSR and "
    + "SuiteSparse:GraphBLAS, next to the copy bandwidth. 'tropic sparse bench --help' lists the options.")
final class SparseBenchCommand implements Callable<Integer>, PassThroughHelp {
  @Spec
  CommandSpec spec;

  @Unmatched
  List<String> args = new ArrayList<>();

  @Override
  public String usage() {
    return SparseBench.usage();
  }

  @Override
  public Integer call() throws Exception {
    try {
      SparseBench.main(args.toArray(String[]::new));
    } catch (ProductMismatchException e) { // what the bench checks, failed: the run's answer, not a bug to report
      spec.commandLine().getErr().println("tropic sparse bench: " + e.getMessage());
      return CommandSupport.FAILED;
    }
    return CommandSupport.OK;
  }
}

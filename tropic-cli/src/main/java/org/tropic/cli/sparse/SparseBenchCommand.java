package org.tropic.cli.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tropic.bench.sparse.SparseBench;
import org.tropic.cli.PassThroughHelp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code tropic sparse bench ...}: {@link SparseBench} from the command line (SpMV, SpMM and BFS on BlockCoo against
 * a plain CSR SpMV and SuiteSparse:GraphBLAS, next to the machine's copy bandwidth). Its options are the bench's
 * own; {@code tropic sparse bench --help} lists them.
 */
@Command(name = "bench", description = "SpMV, SpMM and BFS on the shared graphs against plain CSR and "
    + "SuiteSparse:GraphBLAS, next to the copy bandwidth. 'tropic sparse bench --help' lists the options.")
final class SparseBenchCommand implements Callable<Integer>, PassThroughHelp {
  @Unmatched
  List<String> args = new ArrayList<>();

  @Override
  public String usage() {
    return SparseBench.usage();
  }

  @Override
  public Integer call() throws Exception {
    SparseBench.main(args.toArray(String[]::new));
    return CommandSupport.OK;
  }
}

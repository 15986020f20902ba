package org.tropic.cli.sparse;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.tropic.analytics.SparseGraph;
import org.tropic.analytics.SpectrumRange;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.GraphOptions;
import org.tropic.cli.Version;
import org.tropic.sparse.LayoutAdvisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tropic spectrum GRAPH}: λmin and λmax of an undirected graph by Lanczos. */
@Command(name = "spectrum", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Extreme adjacency eigenvalues (lambda_min, lambda_max) of an undirected graph by Lanczos.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:converged", "1:not converged within the steps", "2:bad input (e.g. a directed graph)"})
public final class SpectrumCommand implements Callable<Integer> {
  private final GraphLoader loader;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file, or a .bcoo matrix from 'sparse convert'.")
  Path graph;

  @Option(names = "--steps", defaultValue = "300", paramLabel = "N", converter = OptionConverters.PositiveInt.class,
      description = "Lanczos steps at most (default: 300).")
  int steps;

  @Option(names = "--tolerance", defaultValue = "1e-5", paramLabel = "T",
      converter = OptionConverters.RelativeTolerance.class,
      description = "Relative residual to stop at, in (0, 1) (default: ${DEFAULT-VALUE}).")
  double tolerance;

  @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
      description = "Seed of the start vector (default: 1).")
  long seed;

  @Mixin
  GraphOptions read = new GraphOptions();

  @Mixin
  MatrixOptions matrix = new MatrixOptions();

  @Option(names = "--json", description = "Print JSON instead of a table.")
  boolean json;

  public SpectrumCommand(GraphLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  @Override
  public Integer call() {
    return CommandSupport.run(spec, () -> {
      SparseGraph g = GraphSources.open(spec, graph, loader, read, matrix, LayoutAdvisor.Product.SPMV);
      CommandSupport.requireUndirected(g, graph, "the spectrum by Lanczos");
      SpectrumRange r = SpectrumRange.compute(g, new SpectrumRange.Options(steps, tolerance, seed),
          AnalyticsProgress.of(spec, g));
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lambda_min", r.min());
        m.put("lambda_max", r.max());
        m.put("lambda_min_residual", r.minResidual());
        m.put("lambda_max_residual", r.maxResidual());
        m.put("steps", r.steps());
        m.put("converged", r.converged());
        CommandSupport.printJson(out, m);
      } else {
        out.printf("lambda_min  %.9g  (residual bound %.2g)%n", r.min(), r.minResidual());
        out.printf("lambda_max  %.9g  (residual bound %.2g)%n", r.max(), r.maxResidual());
        out.printf("%d Lanczos step%s, %s%n", r.steps(), r.steps() == 1 ? "" : "s",
            r.converged() ? "converged" : "NOT converged");
        out.flush();
      }
      return r.converged() ? CommandSupport.OK : CommandSupport.FAILED;
    });
  }
}

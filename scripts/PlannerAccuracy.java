import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.Apsp;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.Device;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.PartitionedDistanceMatrix;
import org.tropic.apsp.Planner;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.io.GraphReader;
import org.tropic.io.ReadOptions;
import org.tropic.semiring.MinPlusKernels;

/**
 * The planner's estimate against the solve it predicts, warm: in one JVM, each algorithm is planned and run once
 * untimed (JIT, calibration), then planned and run ROUNDS times; the table shows the median estimate and the
 * median actual solve. Run by scripts/planner-accuracy, which puts the CLI jar on the class path.
 */
final class PlannerAccuracy {
  public static void main(String[] args) throws Exception {
    int rounds = Integer.getInteger("rounds", 3);
    List<Algorithm> algorithms = new ArrayList<>();
    for (String a : System.getProperty("algorithms", "fw,dijkstra,batched,partitioned").split(",")) {
      algorithms.add(Algorithm.valueOf(a.toUpperCase(Locale.ROOT)));
    }
    // cpu/T: the process's CPU time over the solve's threads, what the wall time would be on an idle machine
    // (JIT and GC threads included); the development VM's 2 cores are shared, so wall times swing 2-3x with load.
    System.out.printf("%-36s %6s %-12s %9s %9s %6s %9s %6s  %s%n", "graph", "n", "algorithm", "estimate", "actual",
        "ratio", "cpu/T", "ratio", "auto's reason / partitioned phases, estimated → actual");
    for (String file : args) {
      Graph graph = GraphReader.load(Path.of(file), ReadOptions.defaults()).graph();
      Planner planner = new Planner(MinPlusKernels.best());
      for (Algorithm a : Boolean.getBoolean("cold") ? List.<Algorithm>of() : algorithms) { // warm-up: JIT, first touch
        ApspRequest request = request(a);
        Apsp.run(graph, planner.plan(graph, request), request, Progress.NONE);
      }
      long t0 = System.nanoTime();
      if (Boolean.getBoolean("cold")) { // each round on its own line: the first in a fresh JVM, then warmer ones
        for (Algorithm a : algorithms) {
          ApspRequest request = request(a);
          for (int r = 0; r < rounds; r++) {
            long p0 = System.nanoTime();
            long c0 = cpu();
            ApspPlan plan = planner.plan(graph, request);
            double planned = (System.nanoTime() - p0) / 1e9;
            double planCpu = (cpu() - c0) / 1e9;
            long c1 = cpu();
            var result = Apsp.run(graph, plan, request, Progress.NONE);
            double busy = (cpu() - c1) / 1e9 / plan.threads();
            System.out.printf("%-36s %6d %-12s %9.3f %9.3f %6.2f %9.3f %6.2f  plan %.3f s (cpu %.3f s) %s%n",
                shortName(file), graph.vertexCount(),
                a == Algorithm.AUTO ? "auto→" + plan.algorithm().label() : a.label(), plan.estimatedSeconds(),
                result.solveSeconds(),
                plan.estimatedSeconds() / result.solveSeconds(), busy, plan.estimatedSeconds() / busy, planned,
                planCpu, phases(plan, result));
          }
        }
        continue;
      }
      ApspPlan auto = planner.plan(graph, request(Algorithm.AUTO));
      double planSeconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf("%-36s %6d %-12s %9.3f %9.3f %6s %9s %6s  %s%n", shortName(file), graph.vertexCount(),
          "auto→" + auto.algorithm().label(), auto.estimatedSeconds(), planSeconds, "(plan)", "", "",
          auto.reason().replaceAll("^predicted fastest \\(", "(").replaceAll("; .*", ""));
      for (Algorithm a : algorithms) {
        ApspRequest request = request(a);
        double[] estimates = new double[rounds];
        double[] actuals = new double[rounds];
        double[] busy = new double[rounds];
        String phases = "";
        for (int r = 0; r < rounds; r++) {
          ApspPlan plan = planner.plan(graph, request);
          long c1 = cpu();
          var result = Apsp.run(graph, plan, request, Progress.NONE);
          busy[r] = (cpu() - c1) / 1e9 / plan.threads();
          estimates[r] = plan.estimatedSeconds();
          actuals[r] = result.solveSeconds();
          phases = phases(plan, result);
        }
        double e = median(estimates);
        double s = median(actuals);
        double b = median(busy);
        System.out.printf("%-36s %6d %-12s %9.3f %9.3f %6.2f %9.3f %6.2f  %s%n", shortName(file),
            graph.vertexCount(), a.label(), e, s, e / s, b, e / b, phases);
      }
    }
  }

  /** The request for algorithm a: -DpivotOrder=false and -Dblock=B set Floyd–Warshall's options. */
  private static ApspRequest request(Algorithm a) {
    FloydWarshallOptions fw = FloydWarshallOptions.defaults()
        .withPivotOrder(Boolean.parseBoolean(System.getProperty("pivotOrder", "true")))
        .withBlockSize(Integer.getInteger("block", 0));
    return ApspRequest.defaults().withAlgorithm(a).withDevice(Device.CPU).withFloydWarshall(fw);
  }

  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static String phases(ApspPlan plan, org.tropic.apsp.ApspResult result) {
    if (result.distances() instanceof PartitionedDistanceMatrix p && plan.partitioned() != null) {
      var e = plan.partitioned().estimate();
      var t = p.timings();
      return String.format("k=%d B=%d comp %.3f→%.3f, bnd %.3f→%.3f, prod %.3f→%.3f",
          p.report().parts(), p.report().boundaryVertices(), e.components(), t.components(), e.boundary(),
          t.boundary(), e.products(), t.products());
    }
    return "";
  }

  private static String shortName(String file) {
    String name = Path.of(file).getFileName().toString();
    return name.length() > 36 ? name.substring(0, 36) : name;
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    java.util.Arrays.sort(s);
    return s[s.length / 2];
  }
}

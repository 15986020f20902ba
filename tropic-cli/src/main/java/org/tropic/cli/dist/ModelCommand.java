package org.tropic.cli.dist;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.Json;
import org.tropic.cli.MpirunRank;
import org.tropic.cli.Version;
import org.tropic.dist.Calibration;
import org.tropic.dist.CostModel;
import org.tropic.dist.HyperbolicFit;
import org.tropic.dist.MachineParameters;
import org.tropic.dist.ProcessGrid;
import org.tropic.io.Units;
import org.tropic.mpi.Mpi;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code tropic model}: the cost model of DSNAPSHOT/COAST for a distributed Floyd–Warshall — predicted time
 * (T_comp, T_comm, T_ideal, T_worst) and memory for n vertices on P processes with a grid and block size, and the
 * block size and grid it recommends. Machine parameters are measured here ({@code --machine local}: the kernel's
 * rate against block size now, MPI's latency and bandwidth when started under {@code mpirun -np 2} or more) or
 * taken from the papers ({@code summit}, {@code frontier}), which with no sizes given project the papers' fastest
 * runs beside what they measured.
 */
@Command(name = "model", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Predict time and memory of a distributed Floyd–Warshall and recommend block size and grid.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the prediction was printed", "1:calibration failed", "2:bad input"})
public final class ModelCommand implements Callable<Integer> {

  /** A published run to compare a projection with. */
  private record PaperRun(String what, long n, int processes, ProcessGrid grid, int blockSize, double seconds,
      double flopRate) {}

  private static final PaperRun SUMMIT_RUN = new PaperRun("DSNAPSHOT's fastest run on 4,096 Summit nodes (SC20"
      + " Table II)", 4_430_000, 49_152, new ProcessGrid(192, 256), 256, 1.28e3, 135.9e15);
  private static final PaperRun FRONTIER_RUN = new PaperRun("COAST's fastest run on 9,200 Frontier nodes (SC22"
      + " Table II)", 7_060_000, 147_200, new ProcessGrid(368, 400), 768, 702, 1.004e18);

  @Spec
  CommandSpec spec;

  @Option(names = {"-n", "--vertices"}, paramLabel = "N", converter = CountConverter.class,
      description = "Vertices, e.g. 4096 or 4.1e6.")
  Long vertices;

  @Option(names = {"-P", "--processes"}, paramLabel = "P", converter = OptionConverters.PositiveInt.class,
      description = "MPI processes (default: the grid's, else the job's under mpirun, else 1).")
  Integer processes;

  @Option(names = "--grid", paramLabel = "ROWSxCOLUMNS", description = "Process grid (default: recommended).")
  String grid;

  @Option(names = {"-b", "--block-size"}, paramLabel = "N", converter = OptionConverters.PositiveInt.class,
      description = "Tile side (default: recommended).")
  Integer blockSize;

  @Option(names = "--machine", paramLabel = "NAME", defaultValue = "local",
      description = "local (measure here, default), summit or frontier (parameters from the papers).")
  String machine;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "0", converter = OptionConverters.ThreadCount.class,
      description = "Compute threads per process for local; 0 uses every core. Default: all cores.")
  int threads;

  @Option(names = "--arithmetic", paramLabel = "KIND", defaultValue = "nonnegative-float",
      description = "Kernel path timed for local: exact-float, nonnegative-float (default) or int32.")
  String arithmetic;

  @Option(names = "--latency", paramLabel = "SECONDS", converter = OptionConverters.PositiveReal.class,
      description = "Latency α for local when not under mpirun"
      + " (default: 5e-6, assumed).")
  Double latency;

  @Option(names = "--bandwidth", paramLabel = "BYTES/S", converter = CountConverter.class,
      description = "Bandwidth for local when not under mpirun (default: 5e9, assumed).")
  Long bandwidth;

  @Option(names = "--memory", paramLabel = "SIZE", converter = OptionConverters.ByteSize.class,
      description = "Memory of one process, e.g. 16GiB, 512m or 8e9 bytes: for local each rank's heap (-Xmx in"
      + " TROPIC_JAVA_OPTS; default: this JVM's, which each rank ./tropic starts gets too), of which a twentieth and"
      + " 8 MiB are kept for the rest of the run, and a thirtieth where a rank gets the serial collector (its"
      + " survivor space), at most the"
      + " node's memory over the ranks on it under mpirun; for summit and frontier the device memory per rank"
      + " (default: the papers'). Grids and block sizes whose share"
      + " does not fit are not recommended.")
  Long memoryPerProcess;

  @Option(names = "--json", description = "Print the parameters and the prediction as JSON.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      refuseMismatchedFlags();
      MachineParameters parameters = parameters(json ? err : out);
      if (parameters == null) {
        return 0; // a rank other than 0 of an mpirun job: rank 0 prints
      }
      PaperRun reference = machine.equalsIgnoreCase("summit") ? SUMMIT_RUN
          : machine.equalsIgnoreCase("frontier") ? FRONTIER_RUN : null;
      boolean projectPaper = reference != null && vertices == null && processes == null && grid == null
          && blockSize == null;
      long n = projectPaper ? reference.n() : required(vertices, "--vertices");
      ProcessGrid chosenGrid = projectPaper ? reference.grid() : grid == null ? null : ProcessGrid.parse(grid);
      int p = projectPaper ? reference.processes()
          : processes != null ? processes : chosenGrid != null ? chosenGrid.size()
          : MpirunRank.ranks(); // under mpirun -np 4, calibrated on four ranks and about them
      Integer b = projectPaper ? Integer.valueOf(reference.blockSize()) : blockSize;
      if (chosenGrid != null && chosenGrid.size() != p) {
        throw new IllegalArgumentException("grid " + chosenGrid + " has " + chosenGrid.size() + " processes, not "
            + p);
      }
      CostModel model = new CostModel(parameters);
      boolean recommendedGrid = chosenGrid == null;
      boolean recommendedBlock = b == null;
      boolean local = machine.equalsIgnoreCase("local");
      long heap = memoryPerProcess != null ? memoryPerProcess : ModelMemory.thisJvmHeap();
      RankCollector collector = RankCollector.forJob(p); // how each rank's heap will hold its tiles
      ModelMemory memory = local ? new ModelMemory(model,
          ModelMemory.localLimit(heap, MpirunRank.ranksOnThisNode(), collector), heap, collector)
          : new ModelMemory(model, memoryPerProcess != null ? memoryPerProcess : parameters.memoryPerProcess(), 0,
              collector);
      ModelMemory.Choice choice = memory.choose(n, p, chosenGrid, b);
      chosenGrid = choice.grid();
      b = choice.blockSize();
      // the check a distributed run makes before its solve: a grid with a process row or column of no tile would
      // be refused there, and its prediction (a critical path past T_worst) means nothing
      chosenGrid.check(p, (int) Math.min(Integer.MAX_VALUE, (n + b - 1) / b), (int) Math.min(Integer.MAX_VALUE, n),
          b);
      CostModel.Prediction prediction = model.predict(n, chosenGrid, b);
      if (json) {
        out.println(Json.text(asJson(parameters, prediction, recommendedGrid, recommendedBlock, memory,
            choice.note(), projectPaper ? reference : null)));
        out.flush();
      } else {
        print(out, parameters, prediction, recommendedGrid, recommendedBlock, memory, choice.note(), reference,
            projectPaper);
      }
      return 0;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the prediction as JSON", e);
    }
  }

  /** The same facts {@link #print} writes, with the same names as the text where there is one. */
  private static Map<String, Object> asJson(MachineParameters m, CostModel.Prediction p, boolean recommendedGrid,
      boolean recommendedBlock, ModelMemory memory, String memoryNote, PaperRun paper) {
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("name", m.name());
    machine.put("flop_rate_per_process", m.flopRateAt(p.blockSize()));
    HyperbolicFit kernel = m.flopRateVsBlockSize();
    machine.put("kernel_fit", kernel == null ? null : Map.of("a", kernel.a(), "d", kernel.d()));
    machine.put("latency_seconds", m.latencySeconds());
    HyperbolicFit network = m.bandwidthCurve();
    machine.put("bandwidth_bytes_per_second", network == null ? m.bandwidth() : null); // as latency_seconds
    machine.put("bandwidth_fit", network == null ? null : Map.of("a", network.a(), "d", network.d()));
    machine.put("processes_per_node", m.processesPerNode());
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("vertices", p.n()); // as apsp, update and info name a graph's vertex count
    problem.put("processes", p.grid().size());
    problem.put("grid", p.grid().toString());
    problem.put("grid_recommended", recommendedGrid);
    problem.put("block_size", p.blockSize());
    problem.put("block_size_recommended", recommendedBlock);
    Map<String, Object> prediction = new LinkedHashMap<>();
    prediction.put("compute_seconds", p.computeSeconds());
    prediction.put("communication_seconds", p.communicationSeconds());
    prediction.put("ideal_seconds", p.idealSeconds());
    prediction.put("ideal_flop_rate", p.idealFlopRate());
    prediction.put("worst_seconds", p.worstSeconds());
    prediction.put("worst_flop_rate", p.worstFlopRate());
    prediction.put("critical_path_seconds", p.criticalPathSeconds());
    prediction.put("memory_bytes_per_process", memory.needed(p.n(), p.grid(), p.blockSize()));
    prediction.put("memory_limit_bytes_per_process", memory.limit() > 0 ? memory.limit() : null);
    prediction.put("heap_bytes_per_process", memory.onHeap() ? memory.heap() : null);
    prediction.put("rank_collector", memory.onHeap() ? memory.collector().label() : null);
    prediction.put("memory_fits", memory.fits(p.n(), p.grid(), p.blockSize()));
    prediction.put("memory_note", memoryNote);
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("machine", machine);
    all.put("problem", problem);
    all.put("prediction", prediction);
    if (paper != null) {
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("what", paper.what());
      run.put("seconds", paper.seconds());
      run.put("flop_rate", paper.flopRate());
      run.put("position_between_ideal_and_worst", p.position(paper.seconds()));
      all.put("paper", run);
    }
    return all;
  }

  private MachineParameters parameters(PrintWriter out) {
    if (!machine.equalsIgnoreCase("local")) {
      // Every rank of an mpirun job would print the same prediction: rank 0 does.
      return MpirunRank.rank() == 0 ? MachineParameters.preset(machine) : null;
    }
    int t = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    HyperbolicFit kernel = Calibration.kernelRate(MinPlusKernels.best(), Arithmetic.ofLabel(arithmetic));
    Calibration.Network network = null;
    if (MpirunRank.ranks() >= 2) {
      Mpi mpi = Mpi.init();
      try {
        network = Calibration.network(mpi.world());
        boolean printer = mpi.world().rank() == 0;
        mpi.finalizeMpi();
        if (!printer) {
          return null;
        }
      } catch (RuntimeException | Error e) {
        mpi.abort(e);
      }
    }
    MachineParameters measured = Calibration.machine(kernel, t, network);
    if (network == null) {
      double alpha = latency != null ? latency : 5e-6;
      double beta = bandwidth != null ? bandwidth : 5e9;
      out.printf(Locale.ROOT, "network not measured (start with mpirun -np 2 to measure it); assuming α = %.3g s,"
          + " bandwidth %.3g B/s%n", alpha, beta);
      return new MachineParameters(measured.name() + ", network assumed", measured.flopRate(),
          measured.flopRateVsBlockSize(), alpha, beta, null, MachineParameters.BandwidthAxis.MESSAGE_BYTES, 1, 0);
    }
    return measured;
  }



  private static void print(PrintWriter out, MachineParameters m, CostModel.Prediction p, boolean recommendedGrid,
      boolean recommendedBlock, ModelMemory memory, String memoryNote, PaperRun reference, boolean projectPaper) {
    out.println("machine: " + m.name());
    HyperbolicFit kernel = m.flopRateVsBlockSize();
    out.printf(Locale.ROOT, "  kernel rate per process: %s%n", kernel == null
        ? String.format(Locale.ROOT, "%.4g FLOP/s", m.flopRate())
        : String.format(Locale.ROOT, "HyPerMod a = %.4g FLOP/s, d = %.3g (b=%d: %.4g FLOP/s)", kernel.a(),
            kernel.d(), p.blockSize(), m.flopRateAt(p.blockSize())));
    HyperbolicFit network = m.bandwidthCurve();
    out.printf(Locale.ROOT, "  latency α = %.3g s; bandwidth %s; %d process%s per node%n", m.latencySeconds(),
        network == null ? String.format(Locale.ROOT, "%.4g B/s", m.bandwidth())
            : String.format(Locale.ROOT, "HyPerMod a = %.4g B/s, d = %.4g B (%s)", network.a(), network.d(),
                m.bandwidthAxis().name().toLowerCase(Locale.ROOT).replace('_', ' ')),
        m.processesPerNode(), m.processesPerNode() == 1 ? "" : "es");
    out.printf(Locale.ROOT, "problem: n = %d on %d process%s, grid %s%s, b = %d%s%n", p.n(), p.grid().size(),
        p.grid().size() == 1 ? "" : "es", p.grid(),
        recommendedGrid ? " (recommended)" : "", p.blockSize(), recommendedBlock ? " (recommended)" : "");
    out.printf(Locale.ROOT, "  T_comp  = %12.4g s%s   (2n³γ/P on the busiest process)%n", p.computeSeconds(),
        readable(p.computeSeconds()));
    out.printf(Locale.ROOT, "  T_comm  = %12.4g s%s   (2(n/b)α + βn²(1/Pr + 1/Pc))%n", p.communicationSeconds(),
        readable(p.communicationSeconds()));
    out.printf(Locale.ROOT, "  T_ideal = %12.4g s%s   %.4g FLOP/s%n", p.idealSeconds(), readable(p.idealSeconds()),
        p.idealFlopRate());
    out.printf(Locale.ROOT, "  T_worst = %12.4g s%s   %.4g FLOP/s%n", p.worstSeconds(), readable(p.worstSeconds()),
        p.worstFlopRate());
    out.printf(Locale.ROOT, "  critical path (diagonal and panels in sequence) %.4g s%s%n", p.criticalPathSeconds(),
        readable(p.criticalPathSeconds()));
    printMemory(out, p, memory, memoryNote);
    if (projectPaper) {
      out.printf(Locale.ROOT, "paper: %s took %.4g s, %.4g FLOP/s: %s%n", reference.what(), reference.seconds(),
          reference.flopRate(), reference.seconds() < p.idealSeconds() ? "faster than the model's ideal"
              : reference.seconds() > p.worstSeconds() ? "slower than the model's worst case"
                  : String.format(Locale.ROOT, "between ideal and worst (at %.2f)", p.position(reference.seconds())));
    }
  }

  /** The busiest process's memory against what it has, and why memory chose or refuses the configuration. */
  private static void printMemory(PrintWriter out, CostModel.Prediction p, ModelMemory memory, String note) {
    out.printf(Locale.ROOT, "  memory per process %s (tiles and three pivot iterations' panels%s)%s%n",
        ModelMemory.size(memory.needed(p.n(), p.grid(), p.blockSize())), memory.onHeap() ? ", on the JVM heap" : "",
        memory.limit() <= 0 ? "" : memory.onHeap() ? String.format(Locale.ROOT, " of %s free of a %s heap under the"
            + " %s collector a rank gets (%sa twentieth and %s kept for the rest)", Units.bytes(memory.limit()),
            Units.bytes(memory.heap()), memory.collector().label(), memory.collector() == RankCollector.G1 ? ""
                : "its survivor space, ", Units.bytes(ModelMemory.RANK_HOLDS)) : " of " + Units.bytes(memory.limit()));
    if (note != null) {
      out.println("  " + note);
    }
  }

  /** A long time also in minutes, hours, days or years: "4.048e+07 s" alone does not read as 1.3 years. */
  private static String readable(double seconds) {
    return seconds >= 60 ? " (" + Units.duration(seconds) + ")" : "";
  }

  /** Flags that the chosen machine or problem would silently ignore or could not use, refused before calibration. */
  private void refuseMismatchedFlags() {
    if (!machine.equalsIgnoreCase("local") && (latency != null || bandwidth != null)) {
      throw new IllegalArgumentException((latency != null ? "--latency" : "--bandwidth") + " is for --machine local;"
          + " the " + machine + " preset has its own network parameters");
    }
    boolean local = machine.equalsIgnoreCase("local");
    for (String flag : new String[] {"--threads", "--arithmetic"}) {
      if (!local && spec.commandLine().getParseResult().hasMatchedOption(flag)) {
        throw new IllegalArgumentException(flag + " is for --machine local, whose kernel rate is measured here; the "
            + machine + " preset has its own");
      }
    }
    if (local && blockSize != null && blockSize % 32 != 0) {
      // predicted here, a b the run refuses: its kernels work on 8 × 32 blocks
      throw new IllegalArgumentException("-b " + blockSize + ": 'tropic apsp --distributed' takes a tile size that"
          + " is a multiple of 32, such as " + Math.max(32, blockSize / 32 * 32) + " or " + (blockSize / 32 + 1) * 32);
    }
    int processors = Runtime.getRuntime().availableProcessors();
    if (local && threads > processors) {
      // The kernel is timed on these threads: beyond the cores the rate would be extrapolated, not measured.
      throw new IllegalArgumentException("--threads " + threads + " is more than the " + processors + " processors"
          + " of this machine, where the kernel rate is measured; give at most " + processors);
    }
    if (local || vertices != null || processes != null || grid != null || blockSize != null) {
      required(vertices, "--vertices"); // only a preset alone projects the paper's run
    }
    ProcessGrid given = grid == null ? null : ProcessGrid.parse(grid);
    if (given != null && processes != null && given.size() != processes) {
      throw new IllegalArgumentException("grid " + given + " has " + given.size() + " processes, not " + processes);
    }
  }

  private static long required(Long value, String flag) {
    if (value == null) {
      throw new IllegalArgumentException(flag + " is required (or give --machine summit|frontier alone to project"
          + " the papers' runs)");
    }
    return value;
  }

  /** Reads counts written as integers or in scientific notation: {@code 4096}, {@code 4.1e6}, {@code 7_060_000}. */
  public static final class CountConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      String cleaned = text.strip().replace("_", "").replace(",", "");
      double value;
      try {
        value = Double.parseDouble(cleaned);
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + text + "' is not a number");
      }
      if (!(value >= 1) || value != Math.rint(value)) {
        throw new TypeConversionException("'" + text + "' is not a positive whole number");
      }
      if (value >= 0x1p63) {
        throw new TypeConversionException("'" + text + "' is more than " + Long.MAX_VALUE);
      }
      return (long) value;
    }
  }
}

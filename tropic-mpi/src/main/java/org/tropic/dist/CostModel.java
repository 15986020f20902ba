package org.tropic.dist;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The performance model of DSNAPSHOT (SC20 §V-C, eqs. 2–5) and COAST (SC22 §IV-D): for n vertices on P = Pr×Pc
 * processes with tiles of side b,
 *
 * <pre>
 *   T_comp  = 2n³γ / P                                  (eq. 2)
 *   T_comm  = 2(n/b)α + βn²(1/Pr + 1/Pc)                 (eq. 3)
 *   T_ideal = max(T_comp, T_comm)   communication fully hidden (eq. 4)
 *   T_worst = T_comp + T_comm        no overlap at all         (eq. 5)
 * </pre>
 *
 * with γ = 1/rate(b) and β = 4 bytes / bandwidth from {@link MachineParameters} (HyPerMod curves where given). Two
 * refinements make it honest for small problems and shared nodes: n is the padded size ⌈n/b⌉·b and T_comp is
 * taken on the busiest process, ⌈T/Pr⌉·⌈T/Pc⌉ tiles rather than T²/P; and with Q processes sharing a node's network
 * interface, the bandwidth term counts what crosses it, {@code n²(Qr/Pr + Qc/Pc)} per node for a Qr×Qc block of
 * ranks per node (ParallelFw §3.4), which is eq. 3 when Q = 1. A measured run time between T_ideal and T_worst
 * says how much communication was overlapped with computation.
 */
public final class CostModel {
  /** Block sizes the recommendation considers (multiples of 32, so micro-kernel blocks are never ragged). */
  static final int[] BLOCK_SIZES = {32, 64, 96, 128, 192, 256, 320, 384, 512, 768, 1024};

  private final MachineParameters machine;

  public CostModel(MachineParameters machine) {
    this.machine = Objects.requireNonNull(machine, "machine");
  }

  public MachineParameters machine() {
    return machine;
  }

  /**
   * What the model predicts.
   *
   * @param n vertices
   * @param grid the process grid
   * @param blockSize b
   * @param computeSeconds T_comp on the busiest process
   * @param communicationSeconds T_comm
   * @param criticalPathSeconds the diagonal closures and panel updates in sequence, T·3·2b³γ: the floor no overlap
   *     removes; 2b³γ, the closure alone, when one tile (T = 1) is the whole matrix and there is no panel
   * @param idealSeconds T_ideal
   * @param worstSeconds T_worst
   * @param arraysPerProcess the b × b float arrays the busiest process holds at once: its tiles and three pivot
   *     iterations' panels, as the distributed run's heap check counts them ({@link Long#MAX_VALUE} past a long)
   */
  public record Prediction(long n, ProcessGrid grid, int blockSize, double computeSeconds,
      double communicationSeconds, double criticalPathSeconds, double idealSeconds, double worstSeconds,
      long arraysPerProcess) {

    /**
     * The busiest process's tiles and panels in bytes of float32, before any per-array overhead of its heap;
     * {@link Long#MAX_VALUE} where that is more than a long counts.
     */
    public long memoryBytesPerProcess() {
      return memoryBytesPerProcess((long) blockSize * blockSize * Float.BYTES);
    }

    /** The busiest process's arrays of {@code bytesPerArray} each, or {@link Long#MAX_VALUE} past a long. */
    public long memoryBytesPerProcess(long bytesPerArray) {
      return HeapCheck.saturatedProduct(arraysPerProcess, bytesPerArray);
    }

    /** Γ_ideal = 2n³ / T_ideal (the papers' flop rate, on the unpadded n). */
    public double idealFlopRate() {
      return 2.0 * n * n * n / idealSeconds;
    }

    /** Γ_worst = 2n³ / T_worst. */
    public double worstFlopRate() {
      return 2.0 * n * n * n / worstSeconds;
    }

    /**
     * Where a measured time falls: 0 at T_ideal (all communication hidden), 1 at T_worst (none hidden); below 0 is
     * faster than the model's best case, above 1 slower than its worst.
     */
    public double position(double measuredSeconds) {
      double span = worstSeconds - idealSeconds;
      return span > 0 ? (measuredSeconds - idealSeconds) / span : measuredSeconds <= idealSeconds ? 0 : 1;
    }
  }

  /**
   * A recommended configuration.
   *
   * @param grid the process grid
   * @param blockSize b
   * @param prediction what it should cost
   */
  public record Plan(ProcessGrid grid, int blockSize, Prediction prediction) {}

  /**
   * Whether every process's share of a configuration fits the memory it has: the recommendations below skip what
   * does not, so a configuration the run would refuse for memory is never recommended over one it would run.
   */
  @FunctionalInterface
  public interface MemoryFit {
    /** No limit known: every configuration fits. */
    MemoryFit ANY = (n, grid, blockSize) -> true;

    boolean fits(long n, ProcessGrid grid, int blockSize);
  }

  /** The model's prediction for n vertices on {@code grid} with tiles of side b. */
  public Prediction predict(long n, ProcessGrid grid, int blockSize) {
    if (n < 1 || blockSize < 1) {
      throw new IllegalArgumentException("need n ≥ 1 and b ≥ 1, got n=" + n + ", b=" + blockSize);
    }
    long tiles = (n + blockSize - 1) / blockSize;
    double padded = (double) tiles * blockSize;
    double b = blockSize;
    double gamma = 1 / machine.flopRateAt(blockSize);
    long localRows = (tiles + grid.rows() - 1) / grid.rows();
    long localColumns = (tiles + grid.columns() - 1) / grid.columns();
    double compute = 2 * b * b * b * tiles * localRows * localColumns * gamma;

    int q = Math.min(machine.processesPerNode(), grid.size());
    ProcessGrid perNode = nodeBlock(q, grid);
    double nodeRows = (double) grid.rows() / perNode.rows();
    double nodeColumns = (double) grid.columns() / perNode.columns();
    double nodes = Math.max(1, (double) grid.size() / q);
    double messageBytes = 4 * padded * b / Math.min(grid.rows(), grid.columns());
    double localMatrixBytes = 4 * padded * padded / nodes;
    double bandwidth = machine.bandwidthAt(messageBytes, localMatrixBytes);
    double volume = grid.size() == 1 ? 0 : 4 * padded * padded * (1 / nodeRows + 1 / nodeColumns);
    double communication = (grid.size() == 1 ? 0 : 2.0 * tiles * machine.latencySeconds()) + volume / bandwidth;

    // A single tile has no panel to update: counting three tile updates for its one closure made the critical path
    // three times T_comp (and T_worst) on one process.
    long stepsPerRound = tiles == 1 ? 1 : 3;
    double critical = tiles * stepsPerRound * 2 * b * b * b * gamma;
    double ideal = Math.max(compute, communication);
    double worst = compute + communication;
    return new Prediction(n, grid, blockSize, compute, communication, critical, ideal, worst,
        HeapCheck.arrays(n, blockSize, grid, 0));
  }

  /** The block sizes the recommendations choose among, ascending. */
  public static int[] blockSizes() {
    return BLOCK_SIZES.clone();
  }

  /** The block size with the smallest predicted time (the larger of T_ideal and the critical path) on this grid. */
  public int recommendBlockSize(long n, ProcessGrid grid) {
    return recommendBlockSize(n, grid, MemoryFit.ANY);
  }

  /**
   * As {@link #recommendBlockSize(long, ProcessGrid)} among the block sizes whose memory {@code fit} allows.
   *
   * @return the block size, or 0 when tiles of every size give each process row and column one but none fits
   * @throws IllegalArgumentException when even the smallest tile leaves a process row or column without one
   */
  public int recommendBlockSize(long n, ProcessGrid grid, MemoryFit fit) {
    int best = -1;
    double bestTime = Double.POSITIVE_INFINITY;
    for (int b : BLOCK_SIZES) {
      long tiles = (n + b - 1) / b;
      if (tiles < Math.max(grid.rows(), grid.columns())) {
        continue;
      }
      best = Math.max(best, 0);
      if (!fit.fits(n, grid, b)) {
        continue;
      }
      Prediction p = predict(n, grid, b);
      double t = Math.max(p.idealSeconds(), p.criticalPathSeconds());
      if (t < bestTime) {
        bestTime = t;
        best = b;
      }
    }
    if (best < 0) {
      // Even the smallest tile leaves a process row or column empty, so no --block helps (it said "give a block
      // size", which only tiles of side below 32, refused, could have satisfied).
      long tiles = (n + BLOCK_SIZES[0] - 1) / BLOCK_SIZES[0];
      throw new IllegalArgumentException("n=" + n + " is too small for grid " + grid + ": every process row and"
          + " column needs a tile, and even tiles of side " + BLOCK_SIZES[0] + " make only " + tiles + " a side;"
          + " use a grid of at most " + tiles + " process rows and columns, or run it on one node (without"
          + " --distributed)");
    }
    return best;
  }

  /** The grid of {@code processes} ranks with the smallest predicted T_ideal for b; Pr ≈ Pc wins ties. */
  public ProcessGrid recommendGrid(long n, int processes, int blockSize) {
    return recommendGrid(n, processes, blockSize, MemoryFit.ANY);
  }

  /**
   * As {@link #recommendGrid(long, int, int)} among the grids whose memory {@code fit} allows for b.
   *
   * @return the grid, or {@code null} when some grid has a tile for every process row and column but none fits
   * @throws IllegalArgumentException when no grid has a tile for every process row and column
   */
  public ProcessGrid recommendGrid(long n, int processes, int blockSize, MemoryFit fit) {
    long tiles = (n + blockSize - 1) / blockSize;
    ProcessGrid best = null;
    boolean anyHasTiles = false;
    double bestTime = Double.POSITIVE_INFINITY;
    for (ProcessGrid grid : grids(processes)) {
      if (grid.rows() > tiles || grid.columns() > tiles) {
        continue;
      }
      anyHasTiles = true;
      if (!fit.fits(n, grid, blockSize)) {
        continue;
      }
      double t = predict(n, grid, blockSize).idealSeconds();
      if (t < bestTime * (1 - 1e-9) || t <= bestTime && best != null && squareness(grid) < squareness(best)) {
        bestTime = t;
        best = grid;
      }
    }
    if (best == null && !anyHasTiles) {
      throw new IllegalArgumentException("no grid of " + processes + " ranks fits " + tiles + "×" + tiles
          + " tiles (n=" + n + ", b=" + blockSize + "): use a smaller block size or fewer ranks");
    }
    return best;
  }

  /** The grid and block size with the smallest predicted time for n vertices on {@code processes} ranks. */
  public Plan recommend(long n, int processes) {
    return recommend(n, processes, MemoryFit.ANY);
  }

  /**
   * As {@link #recommend(long, int)} among the configurations whose memory {@code fit} allows.
   *
   * @return the plan, or {@code null} when some grid and block size give every process a tile but none fits
   * @throws IllegalArgumentException when n is too small for that many processes
   */
  public Plan recommend(long n, int processes, MemoryFit fit) {
    Plan best = null;
    boolean anyHasTiles = false;
    double bestTime = Double.POSITIVE_INFINITY;
    for (ProcessGrid grid : grids(processes)) {
      int b;
      try {
        b = recommendBlockSize(n, grid, fit);
      } catch (IllegalArgumentException e) {
        continue;
      }
      anyHasTiles = true;
      if (b == 0) {
        continue;
      }
      Prediction p = predict(n, grid, b);
      double t = Math.max(p.idealSeconds(), p.criticalPathSeconds());
      if (t < bestTime * (1 - 1e-9) || t <= bestTime && best != null && squareness(grid) < squareness(best.grid())) {
        bestTime = t;
        best = new Plan(grid, b, p);
      }
    }
    if (best == null && !anyHasTiles) {
      throw new IllegalArgumentException(tooSmall(n, processes));
    }
    return best;
  }

  /**
   * Why n vertices cannot go over {@code processes} ranks, and how many could take them: every process row and
   * column needs a tile, and even tiles of the smallest side leave only ⌈n/32⌉ a side.
   */
  private static String tooSmall(long n, int processes) {
    long tiles = (n + BLOCK_SIZES[0] - 1) / BLOCK_SIZES[0];
    // Counted down from the most any grid could take (tiles × tiles), not from processes: from -P 100000 with
    // n = 100 the search went through every count and took 19 s, from -P 2147483646 longer than anyone waits.
    long most = 1;
    for (long p = Math.min(processes - 1L, tiles >= 46_341 ? Integer.MAX_VALUE : tiles * tiles); p > 1; p--) {
      if (grids((int) p).stream().anyMatch(g -> g.rows() <= tiles && g.columns() <= tiles)) {
        most = p;
        break;
      }
    }
    return "n=" + n + " is too small to spread over " + processes + " ranks: every process row and column needs a"
        + " tile, and even tiles of side " + BLOCK_SIZES[0] + " make only " + tiles + " a side; use at most " + most
        + (most == 1 ? " rank" : " ranks") + ", or run it on one node (without --distributed)";
  }

  /**
   * Every Pr×Pc = processes, Pr ascending: divisors found up to √processes, so -P 2147483647 takes 46,341 steps
   * (counting rows to processes took as many steps as processes and, at Integer.MAX_VALUE, wrapped to a grid of
   * negative rows).
   */
  static List<ProcessGrid> grids(int processes) {
    List<ProcessGrid> narrow = new ArrayList<>();
    List<ProcessGrid> wide = new ArrayList<>();
    for (long rows = 1; rows * rows <= processes; rows++) {
      if (processes % rows == 0) {
        int columns = (int) (processes / rows);
        narrow.add(new ProcessGrid((int) rows, columns));
        if (rows != columns) {
          wide.add(new ProcessGrid(columns, (int) rows));
        }
      }
    }
    for (int i = wide.size() - 1; i >= 0; i--) {
      narrow.add(wide.get(i));
    }
    return narrow;
  }

  /** The Qr×Qc block of a node's q ranks with the same aspect as the grid, as ParallelFw §3.4 places them. */
  private static ProcessGrid nodeBlock(int q, ProcessGrid grid) {
    ProcessGrid best = new ProcessGrid(1, q);
    double bestGap = Double.POSITIVE_INFINITY;
    for (ProcessGrid block : grids(q)) {
      if (grid.rows() % block.rows() != 0 || grid.columns() % block.columns() != 0) {
        continue;
      }
      double gap = Math.abs(Math.log((double) block.rows() / grid.rows() * grid.columns() / block.columns()));
      if (gap < bestGap) {
        bestGap = gap;
        best = block;
      }
    }
    return best;
  }

  private static double squareness(ProcessGrid grid) {
    return Math.abs(Math.log((double) grid.rows() / grid.columns()));
  }
}

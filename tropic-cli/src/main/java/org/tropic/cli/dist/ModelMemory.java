package org.tropic.cli.dist;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.tropic.apsp.HeapFootprint;
import org.tropic.dist.CostModel;
import org.tropic.dist.ProcessGrid;
import org.tropic.io.Units;

/**
 * Memory in {@code tropic model}: what the busiest process's share takes (its tiles and three pivot iterations'
 * panels, counted as the distributed run's heap check counts them), against what a process has, and the grid and
 * block size recommended among those that fit. Without it the model recommended b = 1024 for power on two ranks of
 * 64 MiB, which the run then refused, and counted panels twice as generously as the run did.
 *
 * @param model the cost model
 * @param limit bytes one process may use for its share, or 0 when unknown (then everything fits)
 * @param heap the heap (-Xmx) of each rank where a share lives on a JVM heap, where each array also takes a header
 *     and, under G1, the rest of its region, whose size follows the heap's ({@link HeapFootprint}); 0 for the
 *     presets, whose shares live in device memory, counted by their floats
 * @param collector the collector each rank's heap has, which decides how it holds the arrays
 */
record ModelMemory(CostModel model, long limit, long heap, RankCollector collector) {

  /**
   * What a rank holds on its heap before its share, and keeps: the program, MPI's bindings and a small graph. The
   * distributed run counts its share against the heap still free, and two ranks of 64 MiB had 8.9, 9.2 and 9.5 MB
   * taken there by netscience, power and hep-th; the model counted against the whole heap and recommended b = 96
   * for power, which the run refused. A large graph holds more (its arcs and labels), outside this count.
   */
  static final long RANK_HOLDS = 8L << 20; // 10 MiB held a serial survivor space too; 5.8-6.2 MiB measured without

  /** On a heap like this JVM's, with its collector ({@code onHeap}), or in device memory. */
  ModelMemory(CostModel model, long limit, boolean onHeap) {
    this(model, limit, onHeap ? Runtime.getRuntime().maxMemory() : 0, RankCollector.ofThisJvm());
  }

  /** Whether a share lives on a JVM heap. */
  boolean onHeap() {
    return heap > 0;
  }

  /** "8.0 GiB a process has", or on a heap "50.8 MiB it has free of a 64.0 MiB heap": what the limit is. */
  String has(String who) {
    return Units.bytes(limit) + " " + who + " has" + (onHeap() ? " free of a " + Units.bytes(heap) + " heap" : "");
  }

  /** The memory-aware choice of grid and block size. */
  record Choice(ProcessGrid grid, int blockSize, String note) {}

  /**
   * A process's room on this machine when each rank has a heap of {@code heap} bytes (what {@code --memory} gives,
   * else this JVM's, which every rank started by {@code ./tropic} with the same TROPIC_JAVA_OPTS gets too), as the
   * run's heap check counts it: of the heap the rank may see under its collector ({@link RankCollector#maxMemory}:
   * counted as the whole -Xmx under the serial collector, {@code tropic model -n 16264 --grid 1x2 -b 32 --memory
   * 565m} said 518.1 MiB fit 526.8 MiB free, and cond-mat on two ranks of -Xmx565m was refused with 512.7 MiB free),
   * less the twentieth the run keeps for what it allocates beyond tiles and panels and the {@link #RANK_HOLDS} a rank
   * holds before its share (--memory 64m was taken whole, and the default a twentieth short); and no more than its
   * share of the node's memory when {@code ranksOnNode} ranks share it (each rank's default heap is 75% of the
   * node's, so two together may be allowed more than it has).
   */
  static long localLimit(long heap, int ranksOnNode, RankCollector collector) {
    long physical = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
        ? os.getTotalMemorySize() : 0;
    long usable = collector.maxMemory(heap);
    long limit = Math.max(1, usable - usable / 20 - RANK_HOLDS);
    return physical > 0 ? Math.min(limit, physical / ranksOnNode) : limit;
  }

  /**
   * This JVM's -Xmx (HotSpot's MaxHeapSize), which each rank ./tropic starts gets too; its maxMemory() where that is
   * not known. Under the serial collector maxMemory() already lacks the survivor space
   * {@link RankCollector#maxMemory} takes.
   */
  static long thisJvmHeap() {
    try {
      HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      return Long.parseLong(vm.getVMOption("MaxHeapSize").getValue());
    } catch (RuntimeException | LinkageError e) {
      return Runtime.getRuntime().maxMemory();
    }
  }

  /** The bytes the busiest process takes for its share of n on {@code grid} with tiles of side b. */
  long needed(long n, ProcessGrid grid, int blockSize) {
    long perArray = (long) blockSize * blockSize;
    return model.predict(n, grid, blockSize)
        .memoryBytesPerProcess(onHeap() ? collector.floatArray(perArray, heap) : perArray * Float.BYTES);
  }

  /** A share's size in words; one past what a long counts is "more than" the most it counts. */
  static String size(long bytes) {
    return bytes == Long.MAX_VALUE ? "more than " + Units.bytes(bytes) : Units.bytes(bytes);
  }

  boolean fits(long n, ProcessGrid grid, int blockSize) {
    return limit <= 0 || needed(n, grid, blockSize) <= limit;
  }

  /**
   * The grid and block size for n on p processes, each as given or, where {@code null}, recommended among those that
   * fit; the fastest, with a note saying it does not fit and what would, when nothing that may be chosen does.
   */
  Choice choose(long n, int p, ProcessGrid givenGrid, Integer givenBlock) {
    CostModel.MemoryFit fit = this::fits;
    ProcessGrid fastestGrid = givenGrid;
    int fastestBlock = givenBlock == null ? 0 : givenBlock;
    ProcessGrid grid = givenGrid;
    int b = fastestBlock;
    if (givenGrid == null && givenBlock == null) {
      CostModel.Plan fastest = model.recommend(n, p);
      fastestGrid = fastest.grid();
      fastestBlock = fastest.blockSize();
      CostModel.Plan fitting = model.recommend(n, p, fit);
      grid = fitting == null ? null : fitting.grid();
      b = fitting == null ? 0 : fitting.blockSize();
    } else if (givenGrid == null) {
      fastestGrid = model.recommendGrid(n, p, givenBlock);
      grid = model.recommendGrid(n, p, givenBlock, fit);
    } else if (givenBlock == null) {
      fastestBlock = model.recommendBlockSize(n, givenGrid);
      b = model.recommendBlockSize(n, givenGrid, fit);
    }
    if (grid != null && b > 0 && fits(n, grid, b)) {
      boolean memoryDecided = !grid.equals(fastestGrid) || b != fastestBlock;
      return new Choice(grid, b, memoryDecided ? String.format(Locale.ROOT, "chosen for memory: the fastest, grid %s"
          + " and b = %d, takes %s a process, more than the %s", fastestGrid, fastestBlock,
          size(needed(n, fastestGrid, fastestBlock)), has("it")) : null);
    }
    return new Choice(fastestGrid, fastestBlock, String.format(Locale.ROOT, "does not fit: the busiest process's"
        + " share takes %s, more than the %s; %s", size(needed(n, fastestGrid, fastestBlock)), has("a process"),
        whatWouldFit(n, p, givenGrid, givenBlock)));
  }

  /**
   * Advice for a share too large: another grid or block size of the same p processes where one was given and one
   * fits, else more processes.
   */
  private String whatWouldFit(long n, int p, ProcessGrid givenGrid, Integer givenBlock) {
    if (givenGrid != null || givenBlock != null) {
      CostModel.Plan free = model.recommend(n, p, this::fits);
      if (free != null) {
        return "grid " + free.grid() + " with b = " + free.blockSize() + " fits";
      }
    }
    return moreProcesses(n, p);
  }

  /**
   * A process count (more than p) on which some grid and block size fit: searched upward from the floor the matrix
   * alone sets, n² float32 over the limit, one by one and then in steps of 2% (the panels add a share that grows
   * as tiles shrink), up to four times the floor; past that, the floor. A count with no grid that gives every
   * process row and column a tile is passed over (a prime count has only 1 × q).
   */
  private String moreProcesses(long n, int p) {
    double floor = Math.max(p + 1, Math.ceil(4.0 * n * n / limit));
    long mostTiles = (n + 31) / 32; // a side, in the smallest tiles
    if (floor > (double) mostTiles * mostTiles) {
      return String.format(Locale.ROOT, "more processes cannot help: the matrix needs %,.0f of this memory, more"
          + " than its %,.0f tiles of the smallest side could be spread over; give each more memory (--memory)", floor,
          (double) mostTiles * mostTiles);
    }
    if (floor <= 1_000_000) {
      for (int q = (int) floor; q <= 4 * floor; q = q < floor + 64 ? q + 1 : (int) Math.ceil(q * 1.02)) {
        CostModel.Plan plan;
        try {
          plan = model.recommend(n, q, this::fits);
        } catch (IllegalArgumentException noGridHasTiles) {
          continue;
        }
        if (plan != null) {
          return String.format(Locale.ROOT, "%,d processes of %s each would fit (grid %s, b = %d), or give each"
              + " more memory (--memory)", q, onHeap() ? "a " + Units.bytes(heap) + " heap" : Units.bytes(limit),
              plan.grid(), plan.blockSize());
        }
      }
    }
    return String.format(Locale.ROOT, "it needs at least %,.0f processes of this memory (the matrix alone), or more"
        + " memory each (--memory)", floor);
  }
}

package org.tropic.apsp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.tropic.io.DistanceStore;
import org.tropic.io.Units;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * All-pairs distances after arcs are added to a graph whose distances are known, in O(n²·s) instead of a new
 * O(n³) solve, where s counts the endpoints of the arcs that shorten something. A shortest path of the new graph
 * either avoids the new arcs (its length is the old distance) or runs through old paths between endpoints S of new
 * arcs. So with M the s×s distances among S, new arcs included, closed by Floyd–Warshall into M*:
 *
 * <pre>D'[i][j] = min(D[i][j], min over a, b in S of D[i][a] + M*[a][b] + D[b][j])</pre>
 *
 * that is two min-plus products, T = D[:, S] ⊗ M* (n×s) and then D ⊕ T ⊗ D[S, :] a block of rows at a time, on
 * the same tile kernels as every solver. An added arc that is no shorter than the old distance between its ends
 * changes nothing and is left out of S; one joining vertices the old matrix did not have adds them, each first
 * reaching only itself. Heavier or removed arcs cannot be expressed: the added arcs join the graph, and of parallel
 * arcs the lightest counts, as when a graph is read.
 *
 * <p>Memory: about 3·n·s floats for the gathered rows and columns of S and the packed right operand, and one block
 * of rows at a time ({@link #heapBytes}). The old matrix is read, never changed: usually a mapped {@code .npy}.
 */
public final class IncrementalUpdate {

  /** An added arc, in the new graph's vertex ids. */
  public record Arc(int source, int target, float weight) {}

  /** Rows handed to one worker at a time: a multiple of the kernels' 8-row register block. */
  private static final int CHUNK_ROWS = 64;

  /** A block of computed rows holds at most this many floats (64 MiB), and at least one chunk per thread. */
  private static final long BLOCK_FLOATS = 16L << 20;

  private final DistanceMatrix base;
  private final int n;
  private final int oldN;
  private final Arithmetic arithmetic;
  private final MinPlusKernels kernels;
  private final int threads;
  private final int effectiveArcs;
  private final int[] endpoints;
  private final float[] throughEndpoints;
  private final PackedPanel fromEndpoints;
  private final int blockRows;
  private final AtomicLong shortened = new AtomicLong();
  private final AtomicLong joined = new AtomicLong();

  private IncrementalUpdate(DistanceMatrix base, int n, Arithmetic arithmetic, MinPlusKernels kernels, int threads,
      int effectiveArcs, int[] endpoints, float[] throughEndpoints, PackedPanel fromEndpoints) {
    this.base = base;
    this.n = n;
    this.oldN = base.size();
    this.arithmetic = arithmetic;
    this.kernels = kernels;
    this.threads = threads;
    this.effectiveArcs = effectiveArcs;
    this.endpoints = endpoints;
    this.throughEndpoints = throughEndpoints;
    this.fromEndpoints = fromEndpoints;
    this.blockRows = blockRows(n, threads);
  }

  /**
   * Prepares the update: finds the arcs that shorten something, gathers the rows and columns of their endpoints,
   * closes the distances among them and multiplies the columns through (O(n·s²)). The rows of the new matrix are
   * then computed as {@link #rows()} hands them out.
   *
   * @param base the old n×n distances, float32 (+∞ unreachable)
   * @param newSize the new vertex count, at least n: vertices n..newSize−1 are new
   * @param arcs the added arcs, in the new ids
   * @param symmetric whether the old distances and the added arcs are symmetric (an undirected graph), so the
   *     columns of S are read as its rows
   * @param negativeWeights whether the graph, old arcs or added, has a negative weight: any old distance may then be
   *     negative, and the non-negative path's min on the bits would order such entries backwards
   * @param names a vertex's name, for a negative-cycle report
   * @param progress told of the closure among S where it is tiled ({@value EndpointClosure#TILED_FROM} endpoints or
   *     more), of the rows read for the columns of S (a pass over the old matrix unless symmetric) and of the columns
   *     multiplied through the closed distances among S
   * @throws NegativeCycleException if the added arcs close a cycle of negative length
   */
  public static IncrementalUpdate prepare(DistanceMatrix base, int newSize, List<Arc> arcs, boolean symmetric,
      boolean negativeWeights, int threads, MinPlusKernels kernels, IntFunction<String> names, Progress progress) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(arcs, "arcs");
    ParallelRows.checkThreads(threads);
    int oldN = base.size();
    if (newSize < oldN) {
      throw new IllegalArgumentException("the new graph has " + newSize + " vertices, fewer than the old " + oldN);
    }
    List<Arc> effective = shortening(base, newSize, arcs, names);
    int[] endpoints = endpointsOf(effective);
    int s = endpoints.length;
    Arithmetic arithmetic = negativeWeights ? Arithmetic.EXACT_FLOAT : Arithmetic.NONNEGATIVE_FLOAT;
    float[] fromRows = rowsOf(base, endpoints, newSize, arithmetic); // s × newSize: D[S, :]
    float[] closed = among(fromRows, endpoints, newSize, effective);
    try {
      EndpointClosure.close(closed, s, arithmetic, kernels, threads, progress);
    } catch (NegativeCycleException e) {
      int v = endpoints[e.vertex()];
      throw new NegativeCycleException(v, names.apply(v), e.closedWalkLength());
    }
    for (int a = 0; a < s; a++) {
      if (closed[a * s + a] < 0) {
        throw new NegativeCycleException(endpoints[a], names.apply(endpoints[a]), closed[a * s + a]);
      }
    }
    float[] through = columnsOf(base, endpoints, newSize, fromRows, symmetric, threads, arithmetic, progress);
    through = multiplyThrough(through, closed, newSize, s, threads, kernels, arithmetic, progress);
    PackedPanel right = kernels.packRight(arithmetic, s, newSize, fromRows, 0, newSize);
    return new IncrementalUpdate(base, newSize, arithmetic, kernels, threads, effective.size(), endpoints, through,
        right);
  }

  /**
   * The added arcs shorter than the old distance between their ends, in order: those an update goes through, and
   * whose endpoints are its s. Cheap (two reads per arc), so a caller can say what the update will do, and check
   * the memory it takes, before {@link #prepare}.
   *
   * @throws NegativeCycleException if an arc is a self-loop of negative weight
   */
  public static List<Arc> shortening(DistanceMatrix base, int newSize, List<Arc> arcs, IntFunction<String> names) {
    List<Arc> effective = new ArrayList<>();
    for (Arc arc : arcs) {
      checkArc(arc, newSize);
      float old = oldDistance(base, arc.source(), arc.target());
      if (arc.source() == arc.target() && arc.weight() < 0) {
        throw new NegativeCycleException(arc.source(), names.apply(arc.source()), arc.weight());
      }
      if (arc.weight() < old) {
        effective.add(arc);
      }
    }
    return effective;
  }

  /** The distinct endpoints of {@code arcs}: the s of an update through them. */
  public static int endpointCount(List<Arc> arcs) {
    return endpointsOf(arcs).length;
  }

  /**
   * The heap the update takes beyond the old matrix (which is mapped, not on the heap): the gathered columns twice
   * (gathered, then multiplied), the rows of S twice (plain and packed), one block of computed rows and each
   * worker's copy of the old rows of its chunk.
   */
  public static long heapBytes(int newSize, int endpoints, int threads) {
    long perMatrix = HeapFootprint.floatArray((long) newSize * endpoints);
    return 4 * perMatrix + HeapFootprint.floatArray((long) blockRows(newSize, threads) * newSize)
        + HeapFootprint.floatArray((long) endpoints * endpoints) + EndpointClosure.heapBytes(endpoints)
        + threads * HeapFootprint.floatArray((long) (CHUNK_ROWS + 1) * newSize);
  }

  /**
   * The parts of {@link #heapBytes}, which add up to it, for a refusal: with few endpoints the block of rows is most
   * of it, which "4·n·s floats" alone would not explain.
   */
  public static String heapParts(int newSize, int endpoints, int threads) {
    int rows = blockRows(newSize, threads);
    return String.format(Locale.ROOT, "the endpoints' rows and columns, 4·n·s floats: %s; a block of %,d rows as they"
        + " are written: %s; %s of %,d rows each: %s; the s² closure: %s",
        Units.bytes(4 * HeapFootprint.floatArray((long) newSize * endpoints)), rows,
        Units.bytes(HeapFootprint.floatArray((long) rows * newSize)),
        Units.count(threads, "worker's chunk", "workers' chunks"), CHUNK_ROWS + 1,
        Units.bytes(threads * HeapFootprint.floatArray((long) (CHUNK_ROWS + 1) * newSize)),
        Units.bytes(HeapFootprint.floatArray((long) endpoints * endpoints)))
        + (EndpointClosure.heapBytes(endpoints) == 0 ? ""
            : "; its tiled copy: " + Units.bytes(EndpointClosure.heapBytes(endpoints)));
  }

  /**
   * The arithmetic in flop (an add and a min per term) of the update for {@code endpoints} endpoints: 2·n²·s for the
   * rows, 2·n·s² for the columns multiplied through, 2·s³ for the closure among the endpoints. The last two matter
   * when s nears n: all three are then about 6n³, three times a Floyd–Warshall solve's.
   */
  public static double flops(int newSize, int endpoints) {
    double n = newSize;
    double s = endpoints;
    return 2 * n * n * s + 2 * n * s * s + 2 * s * s * s;
  }

  /** How many of the added arcs are shorter than the old distance between their ends. */
  public int effectiveArcs() {
    return effectiveArcs;
  }

  /** The endpoints of those arcs, in increasing id: the s of O(n²·s). */
  public int endpoints() {
    return endpoints.length;
  }

  /** The arithmetic path the products run on. */
  public Arithmetic arithmetic() {
    return arithmetic;
  }

  /** Pairs reachable before whose distance fell, among the rows {@link #rows()} has handed out so far. */
  public long shortenedPairs() {
    return shortened.get();
  }

  /** Pairs unreachable before (new vertices' pairs included) that are reachable now, likewise. */
  public long joinedPairs() {
    return joined.get();
  }

  /**
   * The new matrix's rows, for a writer that asks for them in order (any order works, at a block's cost per jump):
   * each block of rows is computed on all threads when its first row is asked for.
   */
  public DistanceStore.RowSource rows() {
    return rows(blockRows);
  }

  /** As {@link #rows()}, computing {@code blockRows} rows at a time (tests use small blocks to cross them). */
  DistanceStore.RowSource rows(int blockRows) {
    return new DistanceStore.RowSource() {
      private final float[] block = new float[Math.toIntExact((long) blockRows * n)];
      private int blockStart = -1;

      @Override
      public int size() {
        return n;
      }

      @Override
      public void copyRow(int u, float[] dst) {
        int start = u / blockRows * blockRows;
        if (start != blockStart) {
          computeBlock(start, Math.min(n, start + blockRows), block);
          blockStart = start;
        }
        System.arraycopy(block, (u - start) * n, dst, 0, n);
      }
    };
  }

  private void computeBlock(int start, int end, float[] block) {
    ParallelRows.runRanges("update", end - start, CHUNK_ROWS, threads, Progress.NONE, () -> {
      float[] before = new float[CHUNK_ROWS * n];
      float[] scratch = new float[oldN];
      PackedPanel[] left = {null};
      return (from, to) -> {
        int rows = to - from;
        for (int r = 0; r < rows; r++) {
          oldRow(base, start + from + r, n, before, r * n, arithmetic, scratch);
        }
        System.arraycopy(before, 0, block, from * n, rows * n);
        if (endpoints.length > 0) {
          int s = endpoints.length;
          left[0] = kernels.packLeft(arithmetic, rows, s, throughEndpoints, (start + from) * s, s, left[0]);
          kernels.multiplyMin(arithmetic, left[0], fromEndpoints, block, from * n, n);
        }
        count(before, block, from * n, rows * n);
      };
    });
  }

  private void count(float[] before, float[] after, int offset, int length) {
    long fell = 0;
    long reached = 0;
    for (int i = 0; i < length; i++) {
      float was = before[i];
      float now = after[offset + i];
      if (now < was) {
        if (was == Float.POSITIVE_INFINITY) {
          reached++;
        } else {
          fell++;
        }
      }
    }
    shortened.addAndGet(fell);
    joined.addAndGet(reached);
  }

  /** A block that keeps about {@link #BLOCK_FLOATS} floats and whole chunks, at least one per thread. */
  private static int blockRows(int n, int threads) {
    return blockRows(n, threads, Runtime.getRuntime().maxMemory());
  }

  /**
   * The block for a heap of {@code maxHeap} bytes: at most a sixteenth of it, since a fixed 64 MiB had -Xmx64m refuse
   * every update, even of a graph whose rows take a few MiB; smaller blocks only mean more, shorter waits to write.
   */
  static int blockRows(int n, int threads, long maxHeap) {
    long floats = Math.min(BLOCK_FLOATS, maxHeap / 16 / Float.BYTES);
    long rows = Math.max((long) threads * CHUNK_ROWS, floats / Math.max(1, n) / CHUNK_ROWS * CHUNK_ROWS);
    return (int) Math.min(rows, Math.max(n, 1));
  }

  private static void checkArc(Arc arc, int n) {
    if (arc.source() < 0 || arc.source() >= n || arc.target() < 0 || arc.target() >= n) {
      throw new IllegalArgumentException("arc " + arc + " names a vertex outside 0.." + (n - 1));
    }
    if (Float.isNaN(arc.weight()) || arc.weight() == Float.NEGATIVE_INFINITY) {
      throw new IllegalArgumentException("arc " + arc + " has no usable weight");
    }
  }

  /** D[u][v] of the old matrix, with a new vertex reaching only itself. */
  private static float oldDistance(DistanceMatrix base, int u, int v) {
    if (u < base.size() && v < base.size()) {
      return base.get(u, v);
    }
    return u == v ? 0 : Float.POSITIVE_INFINITY;
  }

  private static int[] endpointsOf(List<Arc> arcs) {
    return arcs.stream().flatMapToInt(a -> java.util.stream.IntStream.of(a.source(), a.target())).sorted()
        .distinct().toArray();
  }

  /** Row u of the old matrix widened to n columns, in storage form; {@code scratch} holds the old n. */
  private static void oldRow(DistanceMatrix base, int u, int n, float[] dst, int offset, Arithmetic arithmetic,
      float[] scratch) {
    int oldN = base.size();
    if (u < oldN) {
      base.copyRow(u, scratch);
      System.arraycopy(scratch, 0, dst, offset, oldN);
      for (int v = offset; v < offset + oldN; v++) {
        dst[v] = arithmetic.encode(dst[v]);
      }
      Arrays.fill(dst, offset + oldN, offset + n, Float.POSITIVE_INFINITY);
    } else {
      Arrays.fill(dst, offset, offset + n, Float.POSITIVE_INFINITY);
      dst[offset + u] = 0;
    }
  }

  /** D[S, :], s × n. */
  private static float[] rowsOf(DistanceMatrix base, int[] endpoints, int n, Arithmetic arithmetic) {
    float[] rows = new float[Math.multiplyExact(endpoints.length, n)];
    float[] scratch = new float[base.size()];
    for (int a = 0; a < endpoints.length; a++) {
      oldRow(base, endpoints[a], n, rows, a * n, arithmetic, scratch);
    }
    return rows;
  }

  /** D[S, S] with the new arcs in it: the distances among S before the closure. */
  private static float[] among(float[] fromRows, int[] endpoints, int n, List<Arc> arcs) {
    int s = endpoints.length;
    float[] m = new float[s * s];
    for (int a = 0; a < s; a++) {
      for (int b = 0; b < s; b++) {
        m[a * s + b] = fromRows[a * n + endpoints[b]];
      }
    }
    for (Arc arc : arcs) {
      int at = Arrays.binarySearch(endpoints, arc.source()) * s + Arrays.binarySearch(endpoints, arc.target());
      m[at] = Math.min(m[at], arc.weight() + 0.0f);
    }
    return m;
  }

  /** D[:, S], n × s: read from the old matrix, or, when it is symmetric, transposed from D[S, :]. */
  private static float[] columnsOf(DistanceMatrix base, int[] endpoints, int n, float[] fromRows, boolean symmetric,
      int threads, Arithmetic arithmetic, Progress progress) {
    int s = endpoints.length;
    float[] columns = new float[Math.multiplyExact(n, s)];
    if (symmetric || s == 0) {
      for (int a = 0; a < s; a++) {
        for (int i = 0; i < n; i++) {
          columns[i * s + a] = fromRows[a * n + i];
        }
      }
      return columns;
    }
    int oldN = base.size();
    String task = "reading the columns of " + s + (s == 1 ? " endpoint" : " endpoints");
    ParallelRows.runRanges(task, n, CHUNK_ROWS, threads, progress, () -> (from, to) -> {
      for (int i = from; i < to; i++) {
        for (int a = 0; a < s; a++) {
          columns[i * s + a] = arithmetic.encode(i < oldN ? oldDistance(base, i, endpoints[a])
              : i == endpoints[a] ? 0 : Float.POSITIVE_INFINITY);
        }
      }
    });
    return columns;
  }

  /** D[:, S] ⊗ M*, n × s: a path's way from each vertex into S and across it. */
  private static float[] multiplyThrough(float[] columns, float[] closed, int n, int s, int threads,
      MinPlusKernels kernels, Arithmetic arithmetic, Progress progress) {
    float[] through = new float[columns.length];
    Arrays.fill(through, Float.POSITIVE_INFINITY);
    if (s == 0) {
      return through;
    }
    PackedPanel right = kernels.packRight(arithmetic, s, s, closed, 0, s);
    // 2·n·s² flop: as long as the rows themselves when s nears n, so shown, not left a silent wait
    String task = String.format(java.util.Locale.ROOT, "multiplying the columns through %,d endpoint%s", s,
        s == 1 ? "" : "s");
    ParallelRows.runRanges(task, n, CHUNK_ROWS, threads, progress, () -> (from, to) -> {
      PackedPanel left = kernels.packLeft(arithmetic, to - from, s, columns, from * s, s);
      kernels.multiplyMin(arithmetic, left, right, through, from * s, s);
    });
    return through;
  }
}

package org.tropic.cli;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.PartitionedApsp;
import org.tropic.apsp.PartitionedOptions;
import org.tropic.apsp.Progress;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.gpu.HostMatrix;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.NpyHeader;
import org.tropic.partition.Partition;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The statistics read on several threads against a plain loop over {@link DistanceMatrix#get}, on every kind of
 * matrix {@code tropic apsp} and {@code tropic info --stats} read: rows in memory (Dijkstra, batched), a mapped
 * {@code .npy}, the GPU's host matrix, Floyd–Warshall's tiles (whole or upper triangle, in id or pivot order) and
 * the partitioned row blocks.
 */
class DistanceStatsTest {
  private static final ScalarMinPlusKernels KERNELS = new ScalarMinPlusKernels();

  /** What the old single loop computed, read entry by entry: the reference. */
  private record Oracle(long reachable, long unreachable, long notDistances, double mean, double meanMagnitude,
      float longest, int from, int to) {

    static Oracle of(DistanceMatrix d) {
      int n = d.size();
      long reachable = 0;
      long unreachable = 0;
      double sum = 0;
      double magnitude = 0;
      float longest = Float.NEGATIVE_INFINITY;
      int from = -1;
      int to = -1;
      for (int u = 0; u < n; u++) {
        for (int v = 0; v < n; v++) {
          float x = d.get(u, v);
          if (u == v) {
            continue;
          }
          if (x == Float.POSITIVE_INFINITY) {
            unreachable++;
          } else if (!Float.isNaN(x) && x != Float.NEGATIVE_INFINITY) {
            reachable++;
            sum += x;
            magnitude += Math.abs(x);
            if (x > longest) {
              longest = x;
              from = u;
              to = v;
            }
          }
        }
      }
      return new Oracle(reachable, unreachable, (long) n * (n - 1) - reachable - unreachable,
          reachable == 0 ? Double.NaN : sum / reachable, reachable == 0 ? 0 : magnitude / reachable, longest, from,
          to);
    }

    void check(DistanceStats stats) {
      assertThat(stats.reachable()).isEqualTo(reachable);
      assertThat(stats.unreachable()).isEqualTo(unreachable);
      assertThat(stats.notDistances()).isEqualTo(notDistances);
      assertThat(Float.floatToRawIntBits(stats.longest())).as("longest %s", longest)
          .isEqualTo(Float.floatToRawIntBits(longest));
      assertThat(stats.from()).isEqualTo(from);
      assertThat(stats.to()).isEqualTo(to);
      if (reachable == 0) {
        assertThat(stats.mean()).isNaN();
      } else {
        // relative to the mean magnitude: distances of both signs may cancel to a mean near 0
        assertThat(stats.mean()).isCloseTo(mean, within(1e-12 * meanMagnitude));
      }
    }
  }

  enum Kind { ROWS, NPY, HOST, TILED, TILED_UPPER, TILED_PIVOT_ORDER, PARTITIONED }

  @Property(tries = 120)
  void matchesThePlainLoopAndGivesTheSameBitsOnAnyThreadCount(@ForAll Kind kind,
      @ForAll @IntRange(min = 0, max = 60) int n, @ForAll @IntRange(min = 1, max = 9) int blockRows,
      @ForAll long seed) throws IOException {
    Path dir = Files.createTempDirectory("distance-stats");
    try (DistanceMatrix d = matrix(kind, n, new Random(seed), dir)) {
      Oracle oracle = Oracle.of(d);
      DistanceStats one = DistanceStats.of(d, 1, blockRows, Progress.NONE);
      oracle.check(one);
      // a record's equals compares doubles and floats by their bits
      assertThat(DistanceStats.of(d, 2, blockRows, Progress.NONE)).isEqualTo(one);
      assertThat(DistanceStats.of(d, 7, blockRows, Progress.NONE)).isEqualTo(one);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(dir);
    }
  }

  /** The block size callers get, on a matrix of several such blocks. */
  @Test
  void theFixedBlocksGiveTheSameBitsOnAnyThreadCount() {
    RowDistanceMatrix d = randomRows(3 * DistanceStats.BLOCK_ROWS + 5, new Random(30));
    DistanceStats one = DistanceStats.of(d, 1, Progress.NONE);
    Oracle.of(d).check(one);
    assertThat(DistanceStats.of(d, 2, Progress.NONE)).isEqualTo(one);
    assertThat(DistanceStats.of(d, 7, Progress.NONE)).isEqualTo(one);
    assertThat(DistanceStats.of(d, Progress.NONE)).isEqualTo(one);
  }

  /** Of equal longest distances, the first in row order is named, however the rows are cut and shared out. */
  @Test
  void theFirstLongestInRowOrderIsNamed() {
    RowDistanceMatrix d = new RowDistanceMatrix(40, null);
    d.row(7)[3] = -0f; // −0 and 0 are one distance: the first met stays, with its sign
    d.row(7)[5] = 0f;
    d.row(20)[1] = 0f;
    assertThat(DistanceStats.of(d, 7, 1, Progress.NONE)).satisfies(stats -> {
      assertThat(Float.floatToRawIntBits(stats.longest())).isEqualTo(Float.floatToRawIntBits(-0f));
      assertThat(stats.from()).isEqualTo(7);
      assertThat(stats.to()).isEqualTo(3);
    });
    d.row(33)[2] = 4f;
    d.row(33)[30] = 4f;
    d.row(39)[0] = 4f;
    for (int threads : new int[] {1, 2, 7}) {
      DistanceStats stats = DistanceStats.of(d, threads, 1, Progress.NONE);
      assertThat(stats.longest()).isEqualTo(4f);
      assertThat(stats.from()).isEqualTo(33);
      assertThat(stats.to()).isEqualTo(2);
    }
  }

  /**
   * The first block is held back until the last has been read by another thread, so the blocks finish out of
   * order; their tallies still add up in block order: the same sum, and of the equal longest distances in the
   * first and last block, the first.
   */
  @Test
  void blocksFinishedOutOfOrderAreAddedUpInBlockOrder() throws InterruptedException {
    RowDistanceMatrix rows = randomRows(30, new Random(7));
    rows.row(0)[5] = 1e7f;
    rows.row(29)[3] = 1e7f;
    DistanceStats inOrder = DistanceStats.of(rows, 1, 3, Progress.NONE);
    CountDownLatch lastBlockRead = new CountDownLatch(1);
    AtomicBoolean waited = new AtomicBoolean();
    DistanceMatrix firstBlockLast = new DistanceMatrix() {
      @Override
      public int size() {
        return rows.size();
      }

      @Override
      public float get(int u, int v) {
        return rows.get(u, v);
      }

      @Override
      public void copyRow(int u, float[] dst) {
        if (u == 0) {
          try { // bounded only so that a reading on one thread fails the test instead of hanging it
            waited.set(lastBlockRead.await(5, TimeUnit.MINUTES));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        rows.copyRow(u, dst);
        if (u == 29) {
          lastBlockRead.countDown();
        }
      }

      @Override
      public org.tropic.graph.VertexLabels labels() {
        return null;
      }
    };
    DistanceStats outOfOrder = DistanceStats.of(firstBlockLast, 2, 3, Progress.NONE);
    assertThat(waited).as("the last block was read while the first waited").isTrue();
    assertThat(outOfOrder).isEqualTo(inOrder);
    assertThat(outOfOrder.from()).isZero();
    assertThat(outOfOrder.to()).isEqualTo(5);
  }

  /** Progress counts every row once, from whichever thread read it; a failure marks it stopped and is rethrown. */
  @Test
  void progressCountsEveryRowAndAFailureStopsIt() {
    RowDistanceMatrix rows = randomRows(200, new Random(1));
    CountingProgress progress = new CountingProgress();
    DistanceStats.of(rows, 7, 3, progress);
    assertThat(progress.total.get()).isEqualTo(200);
    assertThat(progress.done.get()).isEqualTo(200);
    assertThat(progress.ended.get()).isEqualTo(1);
    assertThat(progress.stopped.get()).isZero();

    DistanceMatrix failing = new DistanceMatrix() {
      @Override
      public int size() {
        return rows.size();
      }

      @Override
      public float get(int u, int v) {
        if (u == 150) {
          throw new UncheckedIOException(new IOException("row 150 could not be read"));
        }
        return rows.get(u, v);
      }

      @Override
      public org.tropic.graph.VertexLabels labels() {
        return null;
      }
    };
    CountingProgress stopped = new CountingProgress();
    assertThatThrownBy(() -> DistanceStats.of(failing, 7, 3, stopped)).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("row 150");
    assertThat(stopped.stopped.get()).isEqualTo(1);
    assertThat(stopped.ended.get()).isEqualTo(1);
    assertThat(stopped.done.get()).isLessThan(200);
  }

  private static final class CountingProgress implements Progress {
    final AtomicLong total = new AtomicLong();
    final AtomicLong done = new AtomicLong();
    final AtomicLong ended = new AtomicLong();
    final AtomicLong stopped = new AtomicLong();

    @Override
    public void begin(String task, long totalWork) {
      total.set(totalWork);
    }

    @Override
    public void advance(long work) {
      done.addAndGet(work);
    }

    @Override
    public void end() {
      ended.incrementAndGet();
    }

    @Override
    public void stopped() {
      stopped.incrementAndGet();
    }
  }

  private static DistanceMatrix matrix(Kind kind, int n, Random random, Path dir) throws IOException {
    return switch (kind) {
      case ROWS -> randomRows(n, random);
      case NPY -> npy(randomRows(n, random), dir.resolve("d.npy"));
      case HOST -> host(randomRows(n, random), n + random.nextInt(5));
      case TILED -> solved(graph(n, false, random), false, false);
      case TILED_UPPER -> solved(graph(n, true, random), true, random.nextBoolean());
      case TILED_PIVOT_ORDER -> solved(graph(n, random.nextBoolean(), random), random.nextBoolean(), true);
      case PARTITIONED -> partitioned(graph(n, random.nextBoolean(), random), random);
    };
  }

  /**
   * Entries drawn from few values, so equal longest distances are common: +∞, NaN, −∞, ±0, whole and fractional
   * distances of both signs.
   */
  private static RowDistanceMatrix randomRows(int n, Random random) {
    float[] values = {Float.POSITIVE_INFINITY, Float.NaN, Float.NEGATIVE_INFINITY, 0f, -0f, 1f, 2.5f, 7f, -3f,
        0.1f, 1e6f};
    RowDistanceMatrix d = new RowDistanceMatrix(n, null);
    int spread = 1 + random.nextInt(values.length);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        d.row(u)[v] = random.nextInt(4) == 0 ? random.nextFloat() * 100 - 20 : values[random.nextInt(spread)];
      }
    }
    return d;
  }

  private static NpyDistanceMatrix npy(DistanceMatrix d, Path file) throws IOException {
    int n = d.size();
    ByteBuffer bytes = ByteBuffer.allocate(n * n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        bytes.putFloat(d.get(u, v));
      }
    }
    Files.write(file, NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n).toBytes());
    Files.write(file, bytes.array(), StandardOpenOption.APPEND);
    return NpyDistanceMatrix.openWithoutSidecar(file, null);
  }

  /** The GPU solver's off-heap matrix, its rows {@code padded} floats apart. */
  private static HostMatrix host(DistanceMatrix d, int padded) {
    HostMatrix host = new HostMatrix(d.size(), padded, Arithmetic.EXACT_FLOAT, null);
    for (int u = 0; u < d.size(); u++) {
      for (int v = 0; v < d.size(); v++) {
        host.segment().setAtIndex(JAVA_FLOAT, (long) u * padded + v, d.get(u, v));
      }
    }
    return host;
  }

  /** A random graph of weights of both signs without a negative cycle (potentials), with unreachable pairs. */
  private static Graph graph(int n, boolean undirected, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    int[] potential = new int[n];
    for (int v = 0; v < n; v++) {
      potential[v] = undirected ? 0 : random.nextInt(10);
    }
    int arcs = n == 0 ? 0 : random.nextInt(2 * n + 1);
    for (int a = 0; a < arcs; a++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      float base = random.nextBoolean() ? random.nextInt(5) : random.nextFloat() * 10;
      if (undirected) {
        builder.addEdge(u, v, base);
      } else {
        builder.addArc(u, v, base + potential[u] - potential[v]);
      }
    }
    return builder.build();
  }

  /** Floyd–Warshall's tiles of side 8, so most matrices have several, and a ragged edge. */
  private static TiledDistanceMatrix solved(Graph graph, boolean symmetry, boolean pivotOrder) {
    var options = new FloydWarshallOptions(8, 1, null, false, symmetry, pivotOrder);
    return new BlockedFloydWarshall(KERNELS, options).solve(graph, Progress.NONE);
  }

  /** Partitioned APSP on a random partition (no METIS needed): rows in blocks by part, columns reordered. */
  private static DistanceMatrix partitioned(Graph graph, Random random) {
    int parts = 1 + random.nextInt(4);
    long seed = random.nextLong();
    Supplier<int[]> partOf = () -> {
      Random r = new Random(seed);
      int[] part = new int[graph.vertexCount()];
      for (int v = 0; v < part.length; v++) {
        part[v] = r.nextInt(parts);
      }
      return part;
    };
    var options = new PartitionedOptions(parts, 1, null, PartitionedOptions.Recursion.NEVER);
    return new PartitionedApsp(KERNELS, options, (g, k) -> new Partition(k, partOf.get()))
        .solve(graph, Progress.NONE);
  }
}

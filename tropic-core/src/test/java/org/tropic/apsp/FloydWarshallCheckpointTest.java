package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** A Floyd–Warshall solve stopped part way and resumed from its checkpoint gives the uninterrupted distances. */
class FloydWarshallCheckpointTest {
  private static final Duration EVERY_ITERATION = Duration.ZERO;

  @TempDir
  Path dir;

  @Property(tries = 40)
  void aSolveStoppedAnywhereResumesToTheSameDistances(@ForAll @IntRange(min = 1, max = 150) int n,
      @ForAll @IntRange(min = 0, max = 5) int degree, @ForAll boolean integral, @ForAll boolean undirected,
      @ForAll @IntRange(min = 1, max = 3) int threads, @ForAll boolean lookahead,
      @ForAll @IntRange(min = 0, max = 100) int stopAtPercent, @ForAll long seed) throws IOException {
    Graph graph = graph(n, degree, integral, undirected, new Random(seed));
    var options = new FloydWarshallOptions(32, threads, null, lookahead);
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), options);
    TiledDistanceMatrix whole = solver.solve(graph, Progress.NONE);

    Path folder = Files.createTempDirectory("fw-checkpoint"); // jqwik properties get no @TempDir
    Path file = folder.resolve("fw.ckpt");
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    CountingProgress counted = new CountingProgress();
    solver.solve(graph, counted, checkpoint);
    long work = counted.done.get();
    long stopAt = work * stopAtPercent / 100;
    boolean stopped;
    Files.deleteIfExists(file);
    try {
      solver.solve(graph, new StopAfter(stopAt), checkpoint);
      stopped = false;
    } catch (StopAfter.Stop e) {
      stopped = true;
    }
    assertThat(stopped).isEqualTo(stopAt < work);

    TiledDistanceMatrix resumed = solver.solve(graph, Progress.NONE, checkpoint);
    Files.deleteIfExists(file);
    Files.delete(folder);
    float[] expected = new float[n];
    float[] actual = new float[n];
    for (int u = 0; u < n; u++) {
      whole.copyRow(u, expected);
      resumed.copyRow(u, actual);
      assertThat(actual).as("row %d", u).isEqualTo(expected);
    }
    FloydWarshallTest.assertMatchesJGraphT(graph, resumed, integral);
  }

  @Test
  void aResumedSolveSaysWhereItGoesOnAndCountsOnlyTheWorkLeft() throws IOException {
    Graph graph = graph(130, 3, true, false, new Random(1)); // 5 tiles of 32: 5 iterations of 25 tasks
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    List<String> saves = new ArrayList<>();
    var checkpoint = new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), EVERY_ITERATION,
        (done, all, bytes, seconds) -> saves.add(done + "/" + all + " " + bytes));
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(60), checkpoint))
        .isInstanceOf(StopAfter.Stop.class);
    long size = Files.size(dir.resolve("fw.ckpt"));
    assertThat(saves).containsExactly("1/5 " + size, "2/5 " + size); // every save is the same size

    CountingProgress resumed = new CountingProgress();
    solver.solve(graph, resumed, checkpoint);
    assertThat(resumed.begins.get()).isEqualTo(2); // reading the save's 25 tiles, then the solve
    assertThat(resumed.task).isEqualTo("Floyd–Warshall from iteration 2 of 5");
    assertThat(resumed.total.get()).isEqualTo(3 * 25);
    assertThat(resumed.done.get()).isEqualTo(25 + 3 * 25);
    assertThat(resumed.ends.get()).isEqualTo(2);
  }

  @Test
  void stretchesEndNearTheNextSaveButGrowNoFasterThanTwofoldNorPastTheirShare() {
    long second = 1_000_000_000L;
    assertThat(CheckpointedSchedule.nextStretch(4, 10 * second, second, 100)).isEqualTo(8); // 10 fit: doubles only
    assertThat(CheckpointedSchedule.nextStretch(8, 3 * second, second, 100)).isEqualTo(3);
    assertThat(CheckpointedSchedule.nextStretch(8, 10 * second, 1e3, 5)).isEqualTo(5); // cheap iterations: capped
    assertThat(CheckpointedSchedule.nextStretch(8, -second, second, 100)).isOne(); // overdue: one, then the save
    assertThat(CheckpointedSchedule.nextStretch(1, Long.MAX_VALUE, 0.5, 100)).isEqualTo(2);
  }

  /** The checkpoint's folder turns into a file after the first save: later saves fail, the solve does not. */
  @Test
  void aSaveThatFailsIsToldAndTheSolveGoesOnToTheSameDistances() throws IOException {
    Graph graph = graph(130, 3, true, false, new Random(6));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    Path folder = Files.createDirectory(dir.resolve("saves"));
    List<String> heard = new ArrayList<>();
    var checkpoint = new FloydWarshallCheckpoint(folder.resolve("fw.ckpt"), EVERY_ITERATION,
        new FloydWarshallCheckpoint.SaveListener() {
          @Override
          public void saved(int done, int all, long bytes, double seconds) {
            heard.add("saved " + done);
            try {
              Files.delete(folder.resolve("fw.ckpt"));
              Files.delete(folder);
              Files.writeString(folder, "not a folder any more");
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }

          @Override
          public void notSaved(int done, String reason) {
            heard.add("not saved " + done + ": " + reason);
          }
        });
    TiledDistanceMatrix d = solver.solve(graph, Progress.NONE, checkpoint);

    assertThat(heard).hasSize(4).first().isEqualTo("saved 1");
    assertThat(heard.get(1)).startsWith("not saved 2: cannot save the checkpoint " + folder.resolve("fw.ckpt"));
    assertThat(heard.get(3)).startsWith("not saved 4: ");
    FloydWarshallTest.assertMatchesJGraphT(graph, d, true);
  }

  @Test
  void noSaveIsMadeBeforeItIsDue() {
    Graph graph = graph(100, 3, true, false, new Random(2));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    solver.solve(graph, Progress.NONE, new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), Duration.ofHours(1)));
    assertThat(dir.resolve("fw.ckpt")).doesNotExist();
  }

  @Test
  void aSaveOfAnotherGraphOrSolveIsRefusedWithWhatDiffers() {
    Path file = dir.resolve("fw.ckpt");
    Graph first = graph(100, 3, true, false, new Random(3));
    var b32 = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    assertThatThrownBy(() -> b32.solve(first, new StopAfter(20), new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(StopAfter.Stop.class);

    Graph second = graph(100, 3, true, false, new Random(4));
    assertThatThrownBy(() -> b32.solve(second, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("checkpoint " + file + ": it was saved by another solve: graph fingerprint "
            + first.fingerprint() + " there, " + second.fingerprint() + " here")
        .hasMessageContaining("delete it to start afresh");
    var b64 = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(64, 2, null, true));
    assertThatThrownBy(() -> b64.solve(first, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tile size (--block) 32 there, 64 here");
    var idOrder = new BlockedFloydWarshall(MinPlusKernels.best(),
        new FloydWarshallOptions(32, 2, null, true).withPivotOrder(false));
    assertThatThrownBy(() -> idOrder.solve(first, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageMatching(".*vertex order \\(--no-pivot-order\\) pivot order crc32c [0-9a-f]{8} there, ids here.*");
  }

  @Test
  void aCorruptTruncatedOrForeignFileIsRefused() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Graph graph = graph(100, 3, false, true, new Random(5));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(25), checkpoint)).isInstanceOf(StopAfter.Stop.class);
    byte[] saved = Files.readAllBytes(file);

    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(saved.length - 100); // a byte of the last tile
      raw.write(saved[saved.length - 100] ^ 1);
    }
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match their checksum");

    Files.write(file, java.util.Arrays.copyOf(saved, saved.length - 4096));
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(truncated?)");

    Files.writeString(file, "u v w\n1 2 3\n");
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a Tropic Floyd–Warshall checkpoint");
  }

  /** Random arcs; undirected ones both ways with equal non-negative weights, so the upper triangle is solved. */
  private static Graph graph(int n, int degree, boolean integral, boolean undirected, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < degree; e++) {
        int v = random.nextInt(n);
        float w = integral ? random.nextInt(50) : random.nextFloat() * 50;
        builder.addArc(u, v, w);
        if (undirected) {
          builder.addArc(v, u, w);
        }
      }
    }
    return builder.build();
  }

  /** Stops the solve, as a crash or a kill would, once {@code limit} units of work are done. */
  private static final class StopAfter implements Progress {
    static final class Stop extends RuntimeException {
      Stop() {
        super("stopped for the test");
      }
    }

    private final long limit;
    private final AtomicLong done = new AtomicLong();

    StopAfter(long limit) {
      this.limit = limit;
    }

    @Override
    public void begin(String task, long totalWork) {}

    @Override
    public void advance(long work) {
      if (done.addAndGet(work) > limit) {
        throw new Stop();
      }
    }

    @Override
    public void end() {}
  }
}

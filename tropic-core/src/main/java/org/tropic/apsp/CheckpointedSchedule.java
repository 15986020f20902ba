package org.tropic.apsp;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Runs blocked Floyd–Warshall in stretches of pivot iterations and saves the tiles between them
 * ({@link FloydWarshallCheckpoint}), going on from an earlier save when its file exists. Each stretch is a
 * {@link FloydWarshallSchedule} of its own, sized from the time the last one took per iteration so that it ends
 * about when the next save is due; a stretch ends with every tile at the same iteration, the state a save needs.
 *
 * <p>Iterations do not cost the same: in the pivot order the first ones find most panels +∞ and skip them, and the
 * last ones update every tile. A stretch sized from cheap iterations could run to the end of the solve with no save,
 * so a stretch is at most twice the last and at most 1/{@value #SHARES} of the iterations: a save comes at most that
 * share of the solve after it is due, at the cost of a barrier at least every that share.
 */
final class CheckpointedSchedule {
  /** A stretch is at most this share of the iterations (1/SHARES). */
  static final int SHARES = CheckpointPacing.SHARES;

  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final TiledDistanceMatrix d;
  private final int threads;
  private final boolean lookahead;
  private final Graph graph;
  private final FloydWarshallCheckpoint checkpoint;
  private final CheckpointFile.Identity identity;

  /** A run on {@code d}, a {@link TiledDistanceMatrix#deferred} matrix of {@code graph}, in the pivot order. */
  CheckpointedSchedule(MinPlusKernels kernels, Arithmetic arithmetic, TiledDistanceMatrix d, int threads,
      boolean lookahead, Graph graph, FloydWarshallCheckpoint checkpoint, CheckpointFile.Identity identity) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.d = d;
    this.threads = threads;
    this.lookahead = lookahead;
    this.graph = graph;
    this.checkpoint = checkpoint;
    this.identity = identity;
  }

  /**
   * Runs the iterations not yet in the checkpoint, saving as due; the file is left in place when done.
   *
   * @throws IllegalArgumentException if the checkpoint file exists but is not a save of this solve
   */
  void run(Progress progress) {
    int tiles = d.tilesPerSide();
    try {
      checkpoint.deleteLeftovers(); // a save a kill cut short is never resumed from, and takes a save's room
    } catch (IOException e) {
      throw CheckpointFile.failure("cannot delete the partial saves beside " + checkpoint.file(), e);
    }
    boolean resumed = checkpoint.exists();
    int done = resumed ? CheckpointFile.load(checkpoint.file(), identity, d, arithmetic, progress) : 0;
    long perIteration = d.symmetric() ? (long) tiles * (tiles + 1) / 2 : (long) tiles * tiles;
    progress.begin(resumed ? "Floyd–Warshall from iteration " + done + " of " + tiles : "Floyd–Warshall",
        (tiles - done) * perIteration);
    try {
      CheckpointPacing pacing = new CheckpointPacing(checkpoint.every(), tiles, System.nanoTime());
      while (done < tiles) {
        int end = pacing.end(done);
        long start = System.nanoTime();
        PartProgress part = new PartProgress(progress, (end - done) * perIteration);
        new FloydWarshallSchedule(kernels, arithmetic, d, threads, lookahead, graph, part,
            done == 0 ? new GraphTiles(graph, d, arithmetic) : d::tile, done, end).run();
        part.finish();
        long now = System.nanoTime();
        int ran = end - done;
        done = end;
        if (pacing.stretchEnded(ran, done, now - start, now)) {
          save(done, tiles, now);
          pacing.saved(System.nanoTime());
        }
      }
    } catch (RuntimeException | Error e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  /**
   * Saves the tiles after {@code done} iterations. A save that fails is told to the listener, not thrown: the hours
   * of work in the tiles are worth more than the save, and the solve may still end and store its result.
   */
  private void save(int done, int tiles, long since) {
    checkpoint.onSave().saving(done, tiles,
        FloydWarshallCheckpoint.saveBytes(d.size(), d.blockSize(), d.symmetric()));
    long bytes;
    try {
      bytes = CheckpointFile.save(checkpoint.file(), identity, d, done, checkpoint.onSave().writing());
    } catch (UncheckedIOException e) {
      checkpoint.onSave().notSaved(done, e.getCause().getMessage());
      return;
    }
    checkpoint.onSave().saved(done, tiles, bytes, (System.nanoTime() - since) / 1e9);
  }

  /** {@link CheckpointPacing#nextStretch}. */
  static int nextStretch(int last, long nanosUntilDue, double nanosPerIteration, int longest) {
    return CheckpointPacing.nextStretch(last, nanosUntilDue, nanosPerIteration, longest);
  }
}

package org.tropic.apsp;

import java.io.IOException;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Runs blocked Floyd–Warshall in stretches of pivot iterations and saves the tiles between them
 * ({@link FloydWarshallCheckpoint}), going on from an earlier save when its file exists. Each stretch is a
 * {@link FloydWarshallSchedule} of its own, sized from the time the last one took per iteration so that it ends
 * about when the next save is due; a stretch ends with every tile at the same iteration, the state a save needs.
 */
final class CheckpointedSchedule {
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
      long every = checkpoint.every().toNanos();
      long due = System.nanoTime() + every;
      int stretch = 1;
      while (done < tiles) {
        int end = Math.min(tiles, done + stretch);
        long start = System.nanoTime();
        PartProgress part = new PartProgress(progress, (end - done) * perIteration);
        new FloydWarshallSchedule(kernels, arithmetic, d, threads, lookahead, graph, part,
            done == 0 ? new GraphTiles(graph, d, arithmetic) : d::tile, done, end).run();
        part.finish();
        long now = System.nanoTime();
        double nanosPerIteration = (double) (now - start) / (end - done);
        done = end;
        if (done < tiles && now - due >= 0) {
          CheckpointFile.save(checkpoint.file(), identity, d, done);
          now = System.nanoTime();
          due = now + every;
        }
        stretch = (int) Math.max(1, Math.min(tiles - done, Math.ceil((due - now) / nanosPerIteration)));
      }
    } catch (RuntimeException | Error e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }
}

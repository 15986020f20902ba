package org.tropic.apsp;

import java.time.Duration;

/**
 * When a checkpointed Floyd–Warshall ends a stretch of pivot iterations and when it saves: each stretch sized from
 * the time the last one took per iteration so that it ends about when the next save is due, at most twice the last
 * and at most 1/{@value #SHARES} of the iterations (iterations do not cost the same: in the pivot order the first
 * ones skip most panels, and a stretch sized from them could run to the end with no save). The single-node
 * {@code CheckpointedSchedule} and the distributed solver's rank 0 (which tells the other ranks) pace alike.
 */
public final class CheckpointPacing {
  /** A stretch is at most this share of the iterations (1/SHARES). */
  public static final int SHARES = 16;

  private final long every;
  private final int iterations;
  private final int longest;
  private long due;
  private int stretch = 1;
  private double nanosPerIteration;

  /**
   * Pacing of a solve of {@code iterations} pivot iterations that saves every {@code every}, starting now.
   *
   * @param nanoTime {@link System#nanoTime()} now
   */
  public CheckpointPacing(Duration every, int iterations, long nanoTime) {
    this.every = every.toNanos();
    this.iterations = iterations;
    this.longest = Math.max(1, (iterations + SHARES - 1) / SHARES);
    this.due = nanoTime + this.every;
  }

  /** The end (exclusive) of the stretch that starts after {@code done} iterations. */
  public int end(int done) {
    return Math.min(iterations, done + stretch);
  }

  /**
   * A stretch ended: {@code ran} iterations, now {@code done} in all, took {@code nanos} (its own work only), ending
   * at {@code nanoTime}. Returns whether a save is due (never after the last iteration); if so the caller saves and
   * then calls {@link #saved}, else the next stretch is sized now. The pace is taken here, before any save, so a slow
   * save never shortens the stretches that follow it.
   */
  public boolean stretchEnded(int ran, int done, long nanos, long nanoTime) {
    nanosPerIteration = (double) nanos / Math.max(1, ran);
    if (done < iterations && nanoTime - due >= 0) {
      return true;
    }
    stretch = nextStretch(stretch, due - nanoTime, nanosPerIteration, longest);
    return false;
  }

  /** The save due ended (written or failed) at {@code nanoTime}: the next is due {@code every} after it. */
  public void saved(long nanoTime) {
    due = nanoTime + every;
    stretch = nextStretch(stretch, due - nanoTime, nanosPerIteration, longest);
  }

  /**
   * The iterations of the next stretch: those that fit before the next save is due at the last stretch's pace, but
   * at least one, at most twice the last stretch and at most {@code longest}.
   */
  static int nextStretch(int last, long nanosUntilDue, double nanosPerIteration, int longest) {
    double fit = Math.ceil(nanosUntilDue / nanosPerIteration);
    return (int) Math.max(1, Math.min(Math.min(fit, 2.0 * last), longest));
  }
}

package org.tropic.cli;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.Progress;
import org.tropic.io.PendingFiles;
import org.tropic.io.Units;

/**
 * Says each checkpoint save above the progress bar, so a long run's log shows how much a stop would lose: a large
 * one before it is written as well, one that takes over a second under a bar of its own in the place of the solve's,
 * which waits for it, and a failed one as a warning the solve outlives. Counts them for the run's summary, where
 * the time saves took can be set against the solve's.
 */
public final class SaveAnnouncer implements FloydWarshallCheckpoint.SaveListener {
  /** A save this large takes seconds or more to write, so it is announced before it starts, not only after. */
  static final long LONG_SAVE_BYTES = 256L << 20;

  private final Path checkpoint;
  private final ProgressBar bar;
  private final BooleanSupplier stopping;
  private int saves;
  private double seconds;

  public SaveAnnouncer(Path checkpoint, ProgressBar bar) {
    this(checkpoint, bar, PendingFiles::stopping);
  }

  /** As {@link #SaveAnnouncer(Path, ProgressBar)}, asking {@code stopping} whether the program is being stopped. */
  SaveAnnouncer(Path checkpoint, ProgressBar bar, BooleanSupplier stopping) {
    this.checkpoint = checkpoint;
    this.bar = bar;
    this.stopping = stopping;
  }

  @Override
  public void saving(int done, int all, long bytes) {
    if (bytes >= LONG_SAVE_BYTES) {
      bar.note(String.format("checkpoint: saving %d of %d pivot iterations to %s (%s)", done, all, checkpoint,
          Units.bytes(bytes)));
    }
  }

  /** The save's own bar, in the place of the solve's, which waits for it (after a second, as every bar). */
  @Override
  public Progress writing() {
    return bar.aside();
  }

  @Override
  public void saved(int done, int all, long bytes, double took) {
    saves++;
    seconds += took;
    bar.note(String.format("checkpoint saved: %d of %d pivot iterations in %s (%s, %s)", done, all, checkpoint,
        Units.bytes(bytes), Units.duration(took)));
  }

  @Override
  public void notSaved(int done, String reason) {
    if (stopping.getAsBoolean()) { // a stop refuses the save's file: the solve does not go on, as the warning said
      bar.note("checkpoint: no save after " + done + " pivot iterations: the program is being stopped");
      return;
    }
    bar.note("warning: " + reason + "; the solve goes on without this save (after " + done + " pivot"
        + " iterations), the last one stays, and the next is tried when due");
  }

  /** The saves made so far. */
  public int saves() {
    return saves;
  }

  /** The seconds they took to write. */
  public double seconds() {
    return seconds;
  }
}

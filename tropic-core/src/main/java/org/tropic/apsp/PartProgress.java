package org.tropic.apsp;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One step of a larger task, reported in the larger task's units: the step's own {@code begin} and {@code end} are
 * absorbed (the bar keeps the outer task's name), and whatever total the step declares is rescaled so that all of it
 * advances the outer task by {@code share} units. {@link #finish()} adds whatever the step did not report, so the
 * outer count is right even when the step reported nothing at all.
 */
final class PartProgress implements Progress {
  private final Progress outer;
  private final long share;
  private final AtomicLong done = new AtomicLong();
  private final AtomicLong reported = new AtomicLong();
  private volatile long total;

  PartProgress(Progress outer, long share) {
    this.outer = outer;
    this.share = share;
  }

  @Override
  public void begin(String task, long totalWork) {
    total = totalWork;
  }

  @Override
  public void advance(long work) {
    long all = total;
    if (all <= 0) {
      return;
    }
    long due = (long) ((double) share * Math.min(all, done.addAndGet(work)) / all);
    report(due);
  }

  @Override
  public void end() {}

  /** Brings the outer task to the end of this step. */
  void finish() {
    report(share);
  }

  private void report(long due) {
    long before = reported.getAndAccumulate(due, Math::max);
    if (due > before) {
      outer.advance(due - before);
    }
  }
}

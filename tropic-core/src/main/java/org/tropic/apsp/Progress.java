package org.tropic.apsp;

/**
 * Receives progress from long solves. Work is counted in units the solver chooses (e.g. min-plus updates), so the
 * fraction done and an ETA follow from {@link #begin}'s total. Called from worker threads: implementations must be
 * thread-safe and cheap.
 */
public interface Progress {
  Progress NONE = new Progress() {
    @Override
    public void begin(String task, long totalWork) {}

    @Override
    public void advance(long work) {}

    @Override
    public void end() {}
  };

  /** Starts a task of {@code totalWork} units. */
  void begin(String task, long totalWork);

  /** Reports {@code work} more units done. */
  void advance(long work);

  /** Marks the task finished. */
  void end();

  /**
   * Marks the task stopped by a failure before it finished, so a display can show where the work stood rather than
   * its end. Solvers call it before rethrowing and may still call {@link #end} after it (from a {@code finally}),
   * which then changes nothing.
   */
  default void stopped() {}

  /** This progress with every task begun through it shown as {@code task}: a solver's own name said as its use. */
  default Progress named(String task) {
    Progress named = this;
    return new Progress() {
      @Override
      public void begin(String ignored, long totalWork) {
        named.begin(task, totalWork);
      }

      @Override
      public void advance(long work) {
        named.advance(work);
      }

      @Override
      public void end() {
        named.end();
      }

      @Override
      public void stopped() {
        named.stopped();
      }
    };
  }
}

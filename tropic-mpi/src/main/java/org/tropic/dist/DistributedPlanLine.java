package org.tropic.dist;

import java.util.Locale;
import org.tropic.io.Units;
import org.tropic.semiring.Arithmetic;

/**
 * What rank 0 says before a distributed solve starts: the configuration, the cost model's estimate and the busiest
 * rank's memory. Without it a run said nothing of its length until its bar's ETA, and its model's T_ideal and T_worst
 * came only in the summary, after the solve they would have foretold.
 */
final class DistributedPlanLine {
  private DistributedPlanLine() {}

  /**
   * @param prediction the cost model's prediction for the grid and block size chosen
   * @param heapBytes the busiest rank's tiles and panels as its heap holds them
   * @param checkpointed whether the job saves to a checkpoint, and so may go on from one and do less
   */
  static String of(CostModel.Prediction prediction, Arithmetic arithmetic, DistributedOptions options, int threads,
      long heapBytes, boolean checkpointed) {
    int ranks = prediction.grid().size();
    return String.format(Locale.ROOT, "plan: distributed Floyd–Warshall of %,d vertices on %d rank%s, grid %s,"
        + " b = %d, %s, broadcast %s, lookahead %s, %d thread%s per rank; estimated %s to %s (the cost model's"
        + " T_ideal to T_worst, from the kernel and network measured here%s), %s of tiles and panels on the busiest"
        + " rank", prediction.n(), ranks, ranks == 1 ? "" : "s", prediction.grid(), prediction.blockSize(),
        arithmetic.label(), options.broadcast().label(), options.lookahead() ? "on" : "off", threads,
        threads == 1 ? "" : "s", Units.duration(prediction.idealSeconds()), Units.duration(prediction.worstSeconds()),
        checkpointed ? "; for the whole solve, of which a run going on from a save does the rest" : "",
        Units.bytes(heapBytes));
  }
}

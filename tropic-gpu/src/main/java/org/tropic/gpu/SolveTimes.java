package org.tropic.gpu;

import java.util.Locale;

/**
 * Where a GPU solve's time went: building the matrix (on the device when resident; on the host when offloaded),
 * the pivot loop, and bringing the result back (decode, mirror, download). Resident times are the device's, from
 * events; offloaded ones are the host's clock, since that mode's loop is host and device together.
 *
 * @param setupSeconds building the distance matrix from the graph's arcs
 * @param pivotSeconds the blocked Floyd–Warshall iterations
 * @param resultSeconds from the last iteration to the distances in host memory, decoded
 * @param detail the offload mode's split of the loop (time the host waited for panels and chunks, and spent on the
 *     host update), or empty
 */
public record SolveTimes(double setupSeconds, double pivotSeconds, double resultSeconds, String detail) {

  SolveTimes(double setupSeconds, double pivotSeconds, double resultSeconds) {
    this(setupSeconds, pivotSeconds, resultSeconds, "");
  }

  /** The three phases in one line, e.g. {@code setup 0.02 s, pivots 2.61 s, result 0.35 s}. */
  public String describe() {
    return String.format(Locale.ROOT, "setup %.2f s, pivots %.2f s, result %.2f s%s", setupSeconds, pivotSeconds,
        resultSeconds, detail.isEmpty() ? "" : " (" + detail + ")");
  }
}

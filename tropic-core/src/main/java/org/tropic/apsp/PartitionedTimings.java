package org.tropic.apsp;

import java.util.Locale;

/**
 * Where a partitioned APSP solve spent its time, in seconds of wall time.
 *
 * @param components step 1: Floyd–Warshall inside every component
 * @param boundary step 2: the boundary graph's all-pairs distances
 * @param products steps 3–4: allocating the off-diagonal blocks and the cross-component min-plus products
 * @param total the whole solve, decoding included
 */
public record PartitionedTimings(double components, double boundary, double products, double total) {

  /** One line for logs and reports. */
  public String summary() {
    return String.format(Locale.ROOT, "components %.3f s, boundary %.3f s, products %.3f s, total %.3f s",
        components, boundary, products, total);
  }
}

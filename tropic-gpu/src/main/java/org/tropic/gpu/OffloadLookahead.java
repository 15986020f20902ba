package org.tropic.gpu;

/**
 * Whether the offload mode keeps a second set of panels on the device so that the next pivot's panel step overlaps
 * the current outer product ({@link DeviceMemoryPlan#lookahead()}). The panels take 2·b·N floats, which come out of
 * the chunks' share of the budget.
 */
public enum OffloadLookahead {
  /** Where the budget still leaves chunks of {@value DeviceMemoryPlan#MIN_LOOKAHEAD_CHUNK} (or the whole matrix). */
  AUTO,
  /** Wherever the budget holds it, even with chunks of one kernel tile (to test it on small matrices). */
  ALWAYS,
  /** Never: the next panels are computed after the last chunk (to measure what lookahead gains). */
  NEVER
}

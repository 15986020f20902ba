package org.tropic.sparse;

/** Whether a {@link BlockCoo} stores float32 values or only the pattern (every stored value reads as 1). */
public enum ValueMode {
  /** Pattern if every arc weight is exactly 1, else the weights. */
  AUTO,
  /** Store the weights. */
  WEIGHTS,
  /** Store only the pattern; weights are read as 1. */
  PATTERN
}

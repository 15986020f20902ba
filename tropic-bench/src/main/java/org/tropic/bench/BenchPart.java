package org.tropic.bench;

import java.util.Locale;

/** The parts of a benchmark run; the clock is always measured since every rate is reported against it. */
public enum BenchPart {
  /** {@code multiplyMin} per arithmetic path and thread count, against the min-plus peak. */
  KERNEL,
  /** End-to-end Floyd–Warshall at the given sizes and on the given graph files, against the kernel rate. */
  FW,
  /** SciPy and JGraphT on the same graphs, with speedups and sampled agreement. */
  PEERS;

  /** Lower-case name used on the command line and in reports. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The part named by {@link #label()}. */
  public static BenchPart ofLabel(String label) {
    for (BenchPart p : values()) {
      if (p.label().equals(label)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown part '" + label + "' (kernel, fw, peers)");
  }
}

package org.tropic.apsp;

import java.util.Objects;
import org.tropic.semiring.Arithmetic;

/**
 * How {@link PartitionedApsp} runs.
 *
 * @param parts the number of parts k; 0 lets the cost model choose among powers of two
 * @param threads worker threads; 0 means one per available processor
 * @param arithmetic the arithmetic path; {@code null} lets {@link Arithmetic#choose} pick the fastest exact one
 * @param recursion whether the boundary graph is itself solved by partitioned APSP
 */
public record PartitionedOptions(int parts, int threads, Arithmetic arithmetic, Recursion recursion) {

  /** When the boundary graph (step 2) is partitioned again instead of closed by one Floyd–Warshall. */
  public enum Recursion {
    /** Always Floyd–Warshall on the boundary graph. */
    NEVER,
    /** Partition the boundary graph again when it is large and the cost model predicts a saving (the default). */
    WHEN_CHEAPER,
    /** Partition it again at every level while it has enough vertices (up to a fixed depth); for tests. */
    ALWAYS
  }

  public PartitionedOptions {
    Objects.requireNonNull(recursion, "recursion");
    if (parts < 0 || threads < 0) {
      throw new IllegalArgumentException("parts and threads must be ≥ 0 (0 = automatic), got parts=" + parts
          + ", threads=" + threads);
    }
  }

  /** Everything chosen automatically. */
  public static PartitionedOptions defaults() {
    return new PartitionedOptions(0, 0, null, Recursion.WHEN_CHEAPER);
  }

  /** The thread count to use: the given one, or one per available processor. */
  public int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }

  public PartitionedOptions withParts(int k) {
    return new PartitionedOptions(k, threads, arithmetic, recursion);
  }

  public PartitionedOptions withThreads(int t) {
    return new PartitionedOptions(parts, t, arithmetic, recursion);
  }

  public PartitionedOptions withArithmetic(Arithmetic a) {
    return new PartitionedOptions(parts, threads, a, recursion);
  }

  public PartitionedOptions withRecursion(Recursion r) {
    return new PartitionedOptions(parts, threads, arithmetic, r);
  }
}

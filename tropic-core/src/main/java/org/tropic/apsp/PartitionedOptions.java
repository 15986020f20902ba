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
 * @param symmetry whether, on a symmetric graph with no negative weight, the Floyd–Warshall steps solve the upper
 *     triangle of their tiles only (as {@link FloydWarshallOptions#symmetry()})
 */
public record PartitionedOptions(int parts, int threads, Arithmetic arithmetic, Recursion recursion,
    boolean symmetry) {

  /** When the boundary graph (step 2) is partitioned again instead of closed by one Floyd–Warshall. */
  public enum Recursion {
    /** Always Floyd–Warshall on the boundary graph. */
    NEVER,
    /** Partition the boundary graph again when it is large and the cost model predicts a saving (the default). */
    WHEN_CHEAPER,
    /** Partition it again at every level while it has enough vertices (up to a fixed depth); for tests. */
    ALWAYS
  }

  /** The given settings, with symmetry used where the graph allows. */
  public PartitionedOptions(int parts, int threads, Arithmetic arithmetic, Recursion recursion) {
    this(parts, threads, arithmetic, recursion, true);
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
    return new PartitionedOptions(k, threads, arithmetic, recursion, symmetry);
  }

  public PartitionedOptions withThreads(int t) {
    return new PartitionedOptions(parts, t, arithmetic, recursion, symmetry);
  }

  public PartitionedOptions withArithmetic(Arithmetic a) {
    return new PartitionedOptions(parts, threads, a, recursion, symmetry);
  }

  public PartitionedOptions withRecursion(Recursion r) {
    return new PartitionedOptions(parts, threads, arithmetic, r, symmetry);
  }

  public PartitionedOptions withSymmetry(boolean on) {
    return new PartitionedOptions(parts, threads, arithmetic, recursion, on);
  }
}

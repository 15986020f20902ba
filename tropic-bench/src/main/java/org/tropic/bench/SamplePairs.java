package org.tropic.bench;

import java.util.SplittableRandom;

/**
 * Vertex pairs at which Tropic's distances are compared with a peer's: reproducible, uniformly random, and
 * including the diagonal's first vertex so a wrong zero diagonal shows too.
 *
 * @param sources the first vertex of each pair
 * @param targets the second vertex of each pair
 */
public record SamplePairs(int[] sources, int[] targets) {

  public SamplePairs {
    if (sources.length != targets.length) {
      throw new IllegalArgumentException(sources.length + " sources for " + targets.length + " targets");
    }
  }

  /** {@code count} random pairs of vertices of an n-vertex graph (the first is (0, 0)). */
  public static SamplePairs random(int n, int count, long seed) {
    if (n < 1 || count < 1) {
      throw new IllegalArgumentException("need n >= 1 and count >= 1, got n=" + n + ", count=" + count);
    }
    SplittableRandom random = new SplittableRandom(seed);
    int[] us = new int[count];
    int[] vs = new int[count];
    for (int i = 1; i < count; i++) {
      us[i] = random.nextInt(n);
      vs[i] = random.nextInt(n);
    }
    return new SamplePairs(us, vs);
  }

  public int size() {
    return sources.length;
  }
}

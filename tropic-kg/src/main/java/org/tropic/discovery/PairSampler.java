package org.tropic.discovery;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.SplittableRandom;
import java.util.function.BiPredicate;

/**
 * Draws random pairs from two pools of nodes, distinct and accepted by a test (e.g. "not linked"), reproducibly from
 * a seed. Gives up after 100 draws per pair wanted, so a test that almost nothing passes ends instead of spinning;
 * callers report how many pairs they got.
 */
final class PairSampler {
  private PairSampler() {}

  /**
   * Up to {@code count} distinct unordered pairs {a, b}, a from {@code left}, b from {@code right}, a ≠ b, that
   * {@code accept} passes.
   *
   * @return {first[], second[]}
   */
  static int[][] sample(int[] left, int[] right, int count, long seed, BiPredicate<Integer, Integer> accept) {
    SplittableRandom random = new SplittableRandom(seed);
    LongOpenHashSet taken = new LongOpenHashSet();
    int[] first = new int[count];
    int[] second = new int[count];
    int got = 0;
    long attempts = 100L * Math.max(count, 1);
    while (got < count && attempts-- > 0 && left.length > 0 && right.length > 0) {
      int a = left[random.nextInt(left.length)];
      int b = right[random.nextInt(right.length)];
      if (a == b) {
        continue;
      }
      long key = a < b ? (long) a << 32 | b : (long) b << 32 | a;
      if (taken.contains(key) || !accept.test(a, b)) {
        continue;
      }
      taken.add(key);
      first[got] = a;
      second[got] = b;
      got++;
    }
    return new int[][] {java.util.Arrays.copyOf(first, got), java.util.Arrays.copyOf(second, got)};
  }
}

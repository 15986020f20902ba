package org.tropic.analytics;

import java.util.SplittableRandom;

/**
 * The ±1 probe vectors of the stochastic diagonal estimator (Bekas, Kokiopoulou &amp; Saad 2007). Both have v⊙v = 1,
 * so diag(F) ≈ mean over probes of v ⊙ F·v.
 */
public enum ProbeKind {
  /**
   * Columns of the Sylvester–Hadamard matrix, H[i][k] = (−1)^popcount(i &amp; k): with s probes (a power of two)
   * the error comes only from entries F[i][j] with i ≡ j (mod s), which a bandwidth-reducing order (RCM) places far
   * from the diagonal, and when s is a multiple of the least power of two ≥ n the estimate is exact. That error is
   * fixed, not random, so {@link SubgraphCentrality} signs groups of columns at random to measure it.
   */
  HADAMARD,
  /** Independent random signs: unbiased, and the spread across probes gives a statistical error estimate. */
  RADEMACHER;

  /** Fills {@code v} (n × s row-major) with probes {@code first..first+s-1}. */
  void fill(float[] v, int n, int s, int first, long seed) {
    if (this == HADAMARD) {
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < s; k++) {
          v[i * s + k] = (Integer.bitCount(i & (first + k)) & 1) == 0 ? 1f : -1f;
        }
      }
      return;
    }
    for (int k = 0; k < s; k++) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + first + k);
      for (int i = 0; i < n; i++) {
        v[i * s + k] = random.nextBoolean() ? 1f : -1f;
      }
    }
  }
}

package org.tropic.bench.sparse;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.tropic.graph.Graph;

/**
 * A Graph500-style Kronecker (R-MAT) graph: 2^scale vertices and edgeFactor · 2^scale directed arcs, each arc placed
 * by descending scale levels of the adjacency matrix with quadrant probabilities A = 0.57, B = C = 0.19, D = 0.05,
 * then every vertex id is scrambled by a random permutation (as Graph500 does, so that degree does not follow id).
 * Pattern weights (1); duplicate arcs and self-loops are kept, which is harmless for SpMV and BFS.
 *
 * <p>This is the regime HPC-KG was built for: with 2^24 vertices, x alone is 64 MiB, more than any cache here, so
 * a CSR SpMV's gathers from x go to memory, while a BlockCoo block reads x from a 256 KiB slice.
 */
final class RmatGraph {
  private static final double A = 0.57;
  private static final double B = 0.19;
  private static final double C = 0.19;

  private RmatGraph() {}

  /** The graph for {@code scale} and {@code edgeFactor}, the same for the same seed. */
  static Graph generate(int scale, int edgeFactor, long seed) {
    if (scale < 1 || scale > 30 || edgeFactor < 1 || (long) edgeFactor << scale > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("R-MAT scale " + scale + " with edge factor " + edgeFactor
          + " does not fit int arc ids");
    }
    int n = 1 << scale;
    int m = edgeFactor << scale;
    int[] permutation = randomPermutation(n, new SplittableRandom(seed));
    int[] sources = new int[m];
    int[] targets = new int[m];
    int chunks = 64;
    SplittableRandom root = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
    SplittableRandom[] streams = new SplittableRandom[chunks];
    for (int c = 0; c < chunks; c++) {
      streams[c] = root.split();
    }
    IntStream.range(0, chunks).parallel().forEach(c -> {
      SplittableRandom random = streams[c];
      int from = (int) ((long) m * c / chunks);
      int to = (int) ((long) m * (c + 1) / chunks);
      for (int e = from; e < to; e++) {
        int u = 0;
        int v = 0;
        for (int level = 0; level < scale; level++) {
          double r = random.nextDouble();
          int bit = 1 << level;
          if (r >= A) {
            if (r < A + B) {
              v |= bit;
            } else if (r < A + B + C) {
              u |= bit;
            } else {
              u |= bit;
              v |= bit;
            }
          }
        }
        sources[e] = permutation[u];
        targets[e] = permutation[v];
      }
    });
    return csr(n, sources, targets);
  }

  private static int[] randomPermutation(int n, SplittableRandom random) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** CSR by counting sort on the source; arcs of one source keep generation order. */
  private static Graph csr(int n, int[] sources, int[] targets) {
    int[] offsets = new int[n + 1];
    for (int u : sources) {
      offsets[u + 1]++;
    }
    for (int u = 0; u < n; u++) {
      offsets[u + 1] += offsets[u];
    }
    int[] fill = offsets.clone();
    int[] heads = new int[targets.length];
    for (int e = 0; e < sources.length; e++) {
      heads[fill[sources[e]]++] = targets[e];
    }
    float[] weights = new float[heads.length];
    Arrays.fill(weights, 1f);
    return new Graph(offsets, heads, weights, null, false);
  }
}

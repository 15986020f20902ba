package org.tropic.discovery;

import java.util.Locale;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.Graph;

/**
 * The heap Yen's search for k paths needs, estimated before it starts from the shortest path's hop count h: every
 * later path has at least h hops, each path found offers a spur at each of its vertices but the last, and every spur
 * path found is kept (the candidate queue, and the set of paths seen, which never shrinks), so about k · h candidate
 * paths of at least h + 1 vertices are held at the end. Neither count can exceed the simple paths the graph has
 * between the two ends, bounded here by its vertex count and degrees. Then the k paths found become
 * {@link DiscoveredPath}s while the candidates are garbage. A few million paths fill a heap of a few GiB: a large
 * {@code -k} is refused up front, with these numbers, rather than running out of memory after hours.
 *
 * <p>Bytes are those of HotSpot with compressed references (12-byte object headers, 16-byte array headers, 8-byte
 * alignment), the default below 32 GiB of heap; vertex ids above 127 are boxed {@code Integer}s of their own in the
 * set of paths seen. Strings the graph already holds are not counted.
 *
 * @param k the paths asked for
 * @param hops the shortest path's hop count
 * @param paths the paths that can be found: k, or fewer if the graph has fewer simple paths between the ends
 * @param candidates the candidate paths held: paths × hops, at most the simple paths there are
 * @param candidateBytes the heap of one candidate of hops + 1 vertices
 * @param searchBytes the candidates, the prefix tree of found paths and one spur search's arrays
 * @param resultBytes the found paths and their {@link DiscoveredPath}s, held once the search is over
 */
record YenFootprint(long k, int hops, long paths, long candidates, long candidateBytes, long searchBytes,
    long resultBytes) {
  private static final long HEADER = 12;
  private static final long ARRAY_HEADER = 16;
  private static final long REFERENCE = 4;
  /** A {@code java.lang.Integer}: header and value. */
  private static final long BOXED_INT = 16;
  /** A {@code HashMap.Node} (header, hash, key, value, next) and its share of a table kept under 3/4 full. */
  private static final long HASH_ENTRY = 32 + 2 * REFERENCE;
  /** A prefix-tree node: its slot in the node list and its entry in its parent's int-to-int map, with slack. */
  private static final long TREE_NODE = 2 * REFERENCE + 2 * Integer.BYTES * 2;
  /** A {@code PathStep}: header, three references, two floats, a long and an int. */
  private static final long PATH_STEP = align(HEADER + 3 * REFERENCE + 2 * Float.BYTES + Long.BYTES + Integer.BYTES);

  /** The footprint of up to {@code k} paths from {@code source} to {@code target}, the shortest of {@code hops}. */
  static YenFootprint of(Graph graph, int source, int k, int hops) {
    long simplePaths = simplePathBound(graph, source, Math.multiplyFull(k, Math.max(1, hops)));
    long paths = Math.min(k, simplePaths);
    long candidates = Math.min(saturatedProduct(paths, Math.max(1, hops)), simplePaths);
    int vertices = hops + 1;
    long intArray = align(ARRAY_HEADER + (long) Integer.BYTES * vertices);
    long referenceArray = align(ARRAY_HEADER + REFERENCE * vertices);
    long weightedPath = align(HEADER + REFERENCE + Double.BYTES);
    // The vertices and their WeightedPath, a queue slot (the queue grows by half), and in the set of paths seen an
    // immutable list of boxed vertices and its hash entry.
    long candidate = intArray + weightedPath + 2 * REFERENCE + align(HEADER + REFERENCE + 1) + referenceArray
        + BOXED_INT * vertices + HASH_ENTRY;
    long spurSearch = (long) graph.vertexCount() * (Float.BYTES + 2 * Integer.BYTES + 2) + 8L * graph.arcCount();
    long search = saturatedSum(saturatedProduct(candidates, candidate), saturatedProduct(paths, TREE_NODE + REFERENCE),
        spurSearch);
    // A DiscoveredPath: the record, four immutable lists (ids and names of the vertices, steps, intermediates) and a
    // PathStep per hop, besides the found path itself.
    long discovered = align(HEADER + 4 * REFERENCE + Double.BYTES) + 4 * align(HEADER + REFERENCE + 1)
        + 3 * referenceArray + align(ARRAY_HEADER + REFERENCE * Math.max(0, hops)) + PATH_STEP * hops;
    long result = saturatedProduct(paths, intArray + weightedPath + REFERENCE + discovered);
    return new YenFootprint(k, hops, paths, candidates, candidate, search, result);
  }

  /** The most the search holds at once: the candidates while it runs, the results after. */
  long peakBytes() {
    return Math.max(searchBytes, resultBytes);
  }

  /**
   * Refuses, with the numbers, a search that needs more than {@code budgetBytes}.
   *
   * @throws MemoryBudgetException if it cannot fit
   */
  void check(long budgetBytes) {
    if (peakBytes() > budgetBytes) {
      long perPath = (peakBytes() + paths - 1) / paths;
      throw new MemoryBudgetException(describe(), peakBytes(), budgetBytes, HeapAdvice.forShortfall(peakBytes(),
          budgetBytes).advise(String.format(Locale.ROOT, "lower -k (each path costs about %,d bytes, so about %,d"
          + " fit)", perPath, budgetBytes / perPath)));
    }
  }

  /** What the estimate counts, in parts that can be checked by hand. */
  String describe() {
    String fewer = paths < k ? String.format(Locale.ROOT, ", as the graph has at most %,d simple paths between the"
        + " two", paths) : "";
    return String.format(Locale.ROOT, "closed discovery of %,d shortest simple paths (Yen, -k %,d%s), the shortest"
        + " of %d hop%s (each path found adds a candidate per hop, so about %,d candidates of at least %d vertices are"
        + " held at %,d bytes each: vertices, queue entry, boxed copy in the set of paths seen; %,d bytes with the"
        + " prefix tree and a spur search's arrays; then the paths found with their evidence, %,d bytes)", paths, k,
        fewer, hops, hops == 1 ? "" : "s", candidates, hops + 1, candidateBytes, searchBytes, resultBytes);
  }

  /**
   * An upper bound on the simple paths from {@code source} to any one vertex, stopping once it passes
   * {@code enough}: with j vertices between the ends, at most (n − 2)!/(n − 2 − j)! orderings, and at most
   * outdeg(source) · Δ^(j − 1) walks, Δ the largest out-degree.
   */
  static long simplePathBound(Graph graph, int source, long enough) {
    int n = graph.vertexCount();
    long maxDegree = 0;
    for (int u = 0; u < n; u++) {
      maxDegree = Math.max(maxDegree, graph.outDegree(u));
    }
    long total = 1; // the direct arc
    long orderings = 1;
    long walks = graph.outDegree(source);
    for (int j = 1; j <= n - 2 && total < enough; j++) {
      orderings = saturatedProduct(orderings, n - 1 - j);
      total = saturatedSum(total, Math.min(orderings, walks), 0);
      walks = saturatedProduct(walks, maxDegree);
    }
    return total;
  }

  private static long align(long bytes) {
    return (bytes + 7) / 8 * 8;
  }

  private static long saturatedProduct(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  private static long saturatedSum(long a, long b, long c) {
    long sum = a + b;
    if (sum < 0) {
      return Long.MAX_VALUE;
    }
    sum += c;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}

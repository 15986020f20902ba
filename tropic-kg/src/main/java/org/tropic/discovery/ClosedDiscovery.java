package org.tropic.discovery;

import java.util.ArrayList;
import java.util.List;
import org.tropic.apsp.Progress;
import org.tropic.kg.KgView;

/**
 * Closed discovery (Swanson's ABC model with both ends given): the k shortest simple paths between concepts A and
 * C in a knowledge-graph view, each with every edge's evidence (weight, count, first year) and its intermediate B
 * concepts. Lengths are the view's (−log weight for literature), so the first path is the one whose evidence
 * multiplies to the most.
 */
public final class ClosedDiscovery {
  private ClosedDiscovery() {}

  /**
   * The up to {@code k} shortest simple paths from {@code a} to {@code c} (node ids), shortest first; empty if C
   * cannot be reached.
   *
   * @throws IllegalArgumentException if either id is unknown or has no edge in the view, or {@code k < 1}
   */
  public static List<DiscoveredPath> paths(KgView view, String a, String c, int k) {
    return paths(view, a, c, k, Progress.NONE);
  }

  /** Like {@link #find}, the paths alone. */
  public static List<DiscoveredPath> paths(KgView view, String a, String c, int k, Progress progress) {
    return find(view, a, c, k, progress).paths();
  }

  /**
   * The paths found, shortest first, and how many more the search found past the k-th that tie its length (at
   * least that many exist): where it is not 0, the k-th place went to the tied path of fewest hops, then lowest ids.
   */
  public record Found(List<DiscoveredPath> paths, int tiedBeyond) {}

  /**
   * Like {@link #paths(KgView, String, String, int)}, with the ties past the k-th path, reporting one unit of
   * {@code k} per path found on {@code progress}: each path costs about its hop count in single-source searches, so a
   * large k takes a while.
   *
   * @throws org.tropic.apsp.MemoryBudgetException before the search, if the paths and candidates of k paths cannot
   *     fit in the heap (see {@link YenFootprint})
   */
  public static Found find(KgView view, String a, String c, int k, Progress progress) {
    int source = view.requireVertex(a);
    int target = view.requireVertex(c);
    if (source == target) {
      throw new IllegalArgumentException("A and C are the same node '" + a + "'");
    }
    YenKShortestPaths.Found found = new YenKShortestPaths(view.graph()).find(source, target, k, progress);
    List<DiscoveredPath> paths = new ArrayList<>();
    for (YenKShortestPaths.WeightedPath path : found.paths()) {
      paths.add(DiscoveredPath.of(view, path.vertices()));
    }
    return new Found(paths, found.tiedBeyond());
  }
}

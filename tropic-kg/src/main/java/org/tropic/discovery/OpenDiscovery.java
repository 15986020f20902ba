package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.tropic.apsp.DistanceTies;
import org.tropic.graph.CloseNames;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.NodeKind;

/**
 * Open discovery (Swanson's ABC model from A alone): the nodes C with no direct edge to A in the knowledge graph,
 * reachable from it in the view, of the wanted node kinds and semantic types, ranked by shortest-path length or by
 * one of the classic LBD measures computed over concept–concept neighbourhoods (see {@link Ranking}). Distances
 * come from a whole APSP result or one single-source search ({@link KgDistances}); measures from one pass over A's
 * two-hop neighbourhood, O(Σ deg(B)) for B adjacent to A. The shortest path with its evidence is attached to each
 * returned candidate.
 *
 * <p>"No direct edge" counts edges of every kind, not only the view's: a hidden link is one the literature (of the
 * graph's years) has not made at all, so a C that A is predicated with stays out even when paths may only run
 * through abstracts. The view's kinds restrict the paths alone.
 */
public final class OpenDiscovery {
  private OpenDiscovery() {}

  /**
   * What open discovery returns.
   *
   * @param ranking the order
   * @param nodeKinds the kinds of node C may be (usually concepts only)
   * @param semanticTypes the semantic types C may have; empty for any
   * @param limit the most candidates returned
   */
  public record Options(Ranking ranking, Set<NodeKind> nodeKinds, Set<String> semanticTypes, int limit) {
    public Options {
      if (limit < 1) {
        throw new IllegalArgumentException("limit must be at least 1, got " + limit);
      }
      if (nodeKinds.isEmpty()) {
        throw new IllegalArgumentException("allow at least one node kind");
      }
      nodeKinds = EnumSet.copyOf(nodeKinds);
      semanticTypes = Set.copyOf(semanticTypes);
    }

    /** Concepts of any type, ranked by distance, the top 20. */
    public static Options defaults() {
      return new Options(Ranking.DISTANCE, EnumSet.of(NodeKind.CONCEPT), Set.of(), 20);
    }

    public Options withRanking(Ranking r) {
      return new Options(r, nodeKinds, semanticTypes, limit);
    }

    public Options withSemanticTypes(Set<String> types) {
      return new Options(ranking, nodeKinds, types, limit);
    }

    public Options withNodeKinds(Set<NodeKind> kinds) {
      return new Options(ranking, kinds, semanticTypes, limit);
    }

    public Options withLimit(int n) {
      return new Options(ranking, nodeKinds, semanticTypes, n);
    }
  }

  /**
   * The ranked candidates for source {@code a} (a node id), best first, each with its shortest path: nodes of the
   * view joined to {@code a} by no edge of the knowledge graph, of any kind.
   *
   * @throws IllegalArgumentException if {@code a} is unknown or has no edge in the view, or if the view has no node
   *     of the wanted kinds or none of one of the wanted semantic types
   */
  public static List<Candidate> candidates(KgDistances distances, String a, Options options) {
    KgView view = distances.view();
    KnowledgeGraph kg = view.kg();
    int source = view.requireVertex(a);
    requirePresent(view, options);
    int sourceNode = view.node(source);
    float[] row = distances.row(source);
    LinkingTerms linking = LinkingTerms.of(view, sourceNode);
    boolean lbd = options.ranking() != Ranking.DISTANCE;
    List<Candidate> all = new ArrayList<>();
    for (int v = 0; v < view.size(); v++) {
      int node = view.node(v);
      if (v == source || row[v] == Float.POSITIVE_INFINITY || !options.nodeKinds().contains(kg.kind(node))
          || (!options.semanticTypes().isEmpty() && !options.semanticTypes().contains(kg.type(node)))
          || kg.adjacent(sourceNode, node)) {
        continue;
      }
      int shared = linking.count(node);
      if (lbd && shared == 0) {
        continue;
      }
      all.add(new Candidate(kg.id(node), kg.name(node), kg.type(node), row[v], shared,
          linking.averageMinimumWeight(node), linking.jaccard(node), null));
    }
    List<Candidate> ranked = rank(all, options.ranking());
    List<Candidate> top = new ArrayList<>();
    for (Candidate candidate : ranked.subList(0, Math.min(options.limit(), ranked.size()))) {
      int[] path = distances.path(source, view.requireVertex(candidate.id()));
      top.add(candidate.withPath(path == null ? null : DiscoveredPath.of(view, path)));
    }
    return top;
  }

  /**
   * Refuses node kinds and semantic types the view lacks: such a filter is a typo, and it would silently make every
   * answer empty.
   */
  private static void requirePresent(KgView view, Options options) {
    KnowledgeGraph kg = view.kg();
    Set<String> types = new TreeSet<>();
    boolean anyOfTheKinds = false;
    for (int v = 0; v < view.size(); v++) {
      int node = view.node(v);
      if (options.nodeKinds().contains(kg.kind(node))) {
        anyOfTheKinds = true;
        if (kg.type(node) != null) {
          types.add(kg.type(node));
        }
      }
    }
    String kinds = options.nodeKinds().stream().map(NodeKind::label).collect(Collectors.joining(" or "));
    if (!anyOfTheKinds) {
      throw new IllegalArgumentException("the graph has no " + kinds + " node to propose");
    }
    for (String type : new TreeSet<>(options.semanticTypes())) {
      if (!types.contains(type)) {
        List<String> known = List.copyOf(types);
        throw new IllegalArgumentException("no " + kinds + " of semantic type '" + type + "' in the graph"
            + CloseNames.hint(CloseNames.of(type, known.size(), known::get)) + "; its "
            + (types.isEmpty() ? "nodes have no semantic type" : "types: " + listed(types, 20)));
      }
    }
  }

  /** At most {@code most} of {@code items}, comma-separated, with how many there are in all when some are left out. */
  private static String listed(Set<String> items, int most) {
    String shown = items.stream().limit(most).collect(Collectors.joining(", "));
    return items.size() <= most ? shown : shown + ", ... (" + items.size() + " in all)";
  }

  /**
   * {@code candidates} in the order of {@code ranking}, best first. Distances that differ by float rounding alone
   * count as equal ({@link DistanceTies}), so that the documented tie-breaks decide between them: two paths of one
   * length in exact arithmetic (−ln(1/26 · 1/8) and −ln(1/26) − ln(1/4) − ln(1/2)) can come out one float step apart,
   * which would otherwise order them by that step, not by linking terms or id.
   */
  static List<Candidate> rank(List<Candidate> candidates, Ranking ranking) {
    Comparator<Candidate> byDistance = DistanceTies.byDistance(candidates, Candidate::distance);
    Comparator<Candidate> primary = ranking == Ranking.DISTANCE
        ? byDistance.thenComparing(Comparator.comparingInt(Candidate::linkingTerms).reversed())
        : Comparator.comparingDouble((Candidate c) -> c.score(ranking)).reversed().thenComparing(byDistance);
    List<Candidate> ranked = new ArrayList<>(candidates);
    ranked.sort(primary.thenComparing(Candidate::id));
    return ranked;
  }

  /** A's concept neighbourhood and, for every node two concept–concept hops away, the linking-term statistics. */
  private static final class LinkingTerms {
    private final KnowledgeGraph kg;
    private final Set<EdgeKind> kinds;
    private final int sourceDegree;
    private final Int2IntOpenHashMap shared = new Int2IntOpenHashMap();
    private final Int2DoubleOpenHashMap minWeightSum = new Int2DoubleOpenHashMap();

    private LinkingTerms(KgView view, int a) {
      this.kg = view.kg();
      this.kinds = view.kinds().contains(EdgeKind.CONCEPT_CONCEPT) ? EnumSet.of(EdgeKind.CONCEPT_CONCEPT)
          : EnumSet.noneOf(EdgeKind.class);
      KnowledgeGraph.Incidence inc = kg.incidence();
      int degree = 0;
      for (int i = inc.start()[a]; i < inc.start()[a + 1]; i++) {
        int b = inc.neighbour()[i];
        if (i > inc.start()[a] && inc.neighbour()[i - 1] == b) {
          continue;
        }
        float wab = strongest(a, b);
        if (Float.isNaN(wab)) {
          continue;
        }
        degree++;
        for (int j = inc.start()[b]; j < inc.start()[b + 1]; j++) {
          int c = inc.neighbour()[j];
          if (c == a || (j > inc.start()[b] && inc.neighbour()[j - 1] == c)) {
            continue;
          }
          float wbc = strongest(b, c);
          if (!Float.isNaN(wbc)) {
            shared.addTo(c, 1);
            minWeightSum.addTo(c, Math.min(wab, wbc));
          }
        }
      }
      this.sourceDegree = degree;
    }

    static LinkingTerms of(KgView view, int a) {
      return new LinkingTerms(view, a);
    }

    /** The weight of the strongest concept–concept edge between two nodes, NaN if none. */
    private float strongest(int x, int y) {
      if (kinds.isEmpty() || kg.kind(x) != NodeKind.CONCEPT || kg.kind(y) != NodeKind.CONCEPT) {
        return Float.NaN;
      }
      int edge = kg.edgeBetween(x, y, kinds);
      return edge < 0 ? Float.NaN : kg.weight(edge);
    }

    int count(int c) {
      return shared.get(c);
    }

    double averageMinimumWeight(int c) {
      int count = shared.get(c);
      return count == 0 ? 0 : minWeightSum.get(c) / count;
    }

    double jaccard(int c) {
      int common = shared.get(c);
      int union = sourceDegree + conceptDegree(c) - common;
      return union == 0 ? 0 : (double) common / union;
    }

    private int conceptDegree(int c) {
      KnowledgeGraph.Incidence inc = kg.incidence();
      int degree = 0;
      for (int i = inc.start()[c]; i < inc.start()[c + 1]; i++) {
        int b = inc.neighbour()[i];
        if ((i == inc.start()[c] || inc.neighbour()[i - 1] != b) && !Float.isNaN(strongest(c, b))) {
          degree++;
        }
      }
      return degree;
    }
  }
}

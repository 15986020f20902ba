package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.tropic.graph.Graph;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.NodeKind;

/**
 * COAST's comparison of literature paths with a curated knowledge graph (SC22 §VIII: PubMed co-occurrence paths
 * against SPOKE): for every pair of chosen literature concepts that map to curated nodes, take the literature's
 * shortest path, map its concepts (collapsing those that do not map), and classify it into the {@link Scenario}s by
 * how many of its edges lie on curated shortest paths between the mapped ends; pairs the literature cannot join
 * but the curated graph can are scenario 4.
 *
 * <p>Cost: one single-source search in the curated graph per chosen concept (kept for all pairs: O(k · n) memory
 * for k concepts) and one literature path per pair.
 */
public final class CuratedComparison {
  private static final float TOLERANCE = 1e-4f;

  private CuratedComparison() {}

  /**
   * How the comparison runs.
   *
   * @param maxConcepts the most concepts compared (the first by id; 0 = all that map)
   * @param examplesPerScenario how many example paths to keep per scenario
   */
  public record Options(int maxConcepts, int examplesPerScenario) {
    public Options {
      if (maxConcepts < 0 || examplesPerScenario < 0) {
        throw new IllegalArgumentException("max concepts and examples must be ≥ 0");
      }
    }

    /** All mapped concepts, 3 examples per scenario. */
    public static Options defaults() {
      return new Options(0, 3);
    }
  }

  /**
   * An example of a scenario.
   *
   * @param scenario the scenario
   * @param literaturePath the literature path (or {@code null} for scenario 4)
   * @param mappedPath the curated ids of the path's concepts, {@code null} where a concept does not map
   * @param matchedEdges edges of the (collapsed) path that lie on curated shortest paths
   * @param comparedEdges edges of the (collapsed) path compared
   * @param curatedPath names along one curated shortest path between the mapped ends (empty if none)
   */
  public record Example(Scenario scenario, DiscoveredPath literaturePath, List<String> mappedPath, int matchedEdges,
      int comparedEdges, List<String> curatedPath) {}

  /**
   * The outcome.
   *
   * @param mapping how concepts were mapped
   * @param candidates literature concepts considered
   * @param mapped those that map to a node of the curated view
   * @param pairs unordered pairs of mapped concepts compared
   * @param counts pairs per scenario
   * @param neither pairs joined in neither graph
   * @param examples up to the asked number of examples per scenario
   */
  public record Result(String mapping, int candidates, int mapped, long pairs, Map<Scenario, Long> counts,
      long neither, List<Example> examples) {}

  /**
   * Compares the literature view's paths among {@code conceptIds} (or, if {@code null}, all its concepts) with
   * {@code curated}.
   *
   * @throws IllegalArgumentException before any search, where a named concept is not in the literature view or the
   *     concepts that map make fewer than {@link ValidationInputs#LEAST_PAIRS} pairs
   */
  public static Result run(KgDistances literature, KgView curated, ConceptMapping mapping, List<String> conceptIds,
      Options options) {
    Chosen chosen = choose(literature.view(), curated, mapping, conceptIds, options);
    chosen.requireEnough(mapping, conceptIds != null, options);
    return compare(literature, curated, mapping, chosen, options);
  }

  /**
   * The checks {@link #run} makes before its searches, for a caller that can make them sooner (before loading the
   * literature distances).
   *
   * @throws IllegalArgumentException as {@link #run}
   */
  public static void requireComparable(KgView literature, KgView curated, ConceptMapping mapping,
      List<String> conceptIds, Options options) {
    choose(literature, curated, mapping, conceptIds, options).requireEnough(mapping, conceptIds != null, options);
  }

  /**
   * The concepts a comparison takes, chosen before any search.
   *
   * @param candidates literature concepts considered (those named, each once, or all)
   * @param mapped those of them that map to a node of the curated view
   * @param literature the literature vertices compared: those that map, up to the options' most
   * @param curated the curated vertices they map to
   */
  record Chosen(int candidates, int mapped, IntArrayList literature, IntArrayList curated) {
    long pairs() {
      long k = literature.size();
      return k * (k - 1) / 2;
    }

    /**
     * Refuses a choice of fewer than {@link ValidationInputs#LEAST_PAIRS} pairs: the scenario shares of one pair or
     * none say nothing about the literature (none at all used to print a table of zeros and succeed).
     */
    void requireEnough(ConceptMapping mapping, boolean named, Options options) {
      if (pairs() >= ValidationInputs.LEAST_PAIRS) {
        return;
      }
      int kept = literature.size();
      StringBuilder got = new StringBuilder(String.format(Locale.ROOT, "%s of the %,d %sliterature concept%s"
          + " map%s to a node of the curated graph (mapping: %s)", mapped == 0 ? "none" : mapped, candidates,
          named ? "named " : "", candidates == 1 ? "" : "s", mapped == 1 || mapped == 0 ? "s" : "",
          mapping.description()));
      if (kept < mapped) {
        got.append(String.format(Locale.ROOT, " and max concepts %d keeps %d", options.maxConcepts(), kept));
      }
      int least = 2;
      while ((long) least * (least - 1) / 2 < ValidationInputs.LEAST_PAIRS) {
        least++;
      }
      String why = kept < mapped ? "keep more concepts"
          : named ? "name more concepts that map (or none, for all that map)"
          : "check the curated graph and the mapping";
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %s; a comparison needs at least %d pairs"
          + " (%d concepts that map); %s", got, pairs() == 0 ? "no pair to compare" : "1 pair to compare",
          ValidationInputs.LEAST_PAIRS, least, why));
    }
  }

  /** The named concepts (each must be in the literature view), or all of it, and those of them that map. */
  static Chosen choose(KgView lit, KgView curated, ConceptMapping mapping, List<String> conceptIds,
      Options options) {
    KnowledgeGraph litKg = lit.kg();
    // A concept named twice is one concept: it would otherwise be compared with itself.
    SortedSet<String> ids = new TreeSet<>();
    if (conceptIds != null) {
      for (String id : conceptIds) {
        requireInView(lit, id);
      }
      ids.addAll(conceptIds);
    } else {
      for (int v = 0; v < lit.size(); v++) {
        if (litKg.kind(lit.node(v)) == NodeKind.CONCEPT) {
          ids.add(litKg.id(lit.node(v)));
        }
      }
      if (ids.isEmpty()) {
        throw new IllegalArgumentException("no literature concept has a " + KgView.labels(lit.kinds()) + " edge: no"
            + " pair to compare; choose edge kinds that join concepts (e.g. concept-concept)");
      }
    }
    IntArrayList litVertices = new IntArrayList();
    IntArrayList curatedVertices = new IntArrayList();
    int mapped = 0;
    for (String id : ids) {
      int v = lit.vertex(id);
      String curatedId = mapping.curatedId(id);
      int w = curatedId == null ? -1 : curated.vertex(curatedId);
      if (v >= 0 && w >= 0) {
        mapped++;
        if (options.maxConcepts() == 0 || litVertices.size() < options.maxConcepts()) {
          litVertices.add(v);
          curatedVertices.add(w);
        }
      }
    }
    return new Chosen(ids.size(), mapped, litVertices, curatedVertices);
  }

  /** Every pair of the chosen concepts, classified; as {@link #run} without the check on their number. */
  static Result compare(KgDistances literature, KgView curated, ConceptMapping mapping, Chosen chosen,
      Options options) {
    KgView lit = literature.view();
    IntArrayList litVertices = chosen.literature();
    IntArrayList curatedVertices = chosen.curated();
    Map<Scenario, Long> counts = new EnumMap<>(Scenario.class);
    for (Scenario s : Scenario.values()) {
      counts.put(s, 0L);
    }
    List<Example> examples = new ArrayList<>();
    Int2ObjectOpenHashMap<ShortestPathTree> trees = new Int2ObjectOpenHashMap<>();
    long pairs = 0;
    long neither = 0;
    int k = litVertices.size();
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        pairs++;
        int a = curatedVertices.getInt(i);
        int c = curatedVertices.getInt(j);
        ShortestPathTree fromA = trees.computeIfAbsent(a, x -> ShortestPathTree.from(curated.graph(), x));
        ShortestPathTree fromC = trees.computeIfAbsent(c, x -> ShortestPathTree.from(curated.graph(), x));
        int[] path = literature.path(litVertices.getInt(i), litVertices.getInt(j));
        if (path == null) {
          if (fromA.distance(c) < Float.POSITIVE_INFINITY) {
            counts.merge(Scenario.CURATED_ONLY, 1L, Long::sum);
            keep(examples, options, new Example(Scenario.CURATED_ONLY, null, List.of(), 0, 0,
                curatedNames(curated, fromA.pathTo(c))));
          } else {
            neither++;
          }
          continue;
        }
        Example example = classify(lit, curated, mapping, path, fromA, fromC, c);
        counts.merge(example.scenario(), 1L, Long::sum);
        keep(examples, options, example);
      }
    }
    return new Result(mapping.description(), chosen.candidates(), k, pairs, counts, neither, examples);
  }

  private static Example classify(KgView lit, KgView curated, ConceptMapping mapping, int[] path,
      ShortestPathTree fromA, ShortestPathTree fromC, int c) {
    List<String> mapped = new ArrayList<>();
    IntArrayList collapsed = new IntArrayList();
    boolean someUnmapped = false;
    for (int v : path) {
      String curatedId = mapping.curatedId(lit.kg().id(lit.node(v)));
      int w = curatedId == null ? -1 : curated.vertex(curatedId);
      mapped.add(w < 0 ? null : curatedId);
      if (w < 0) {
        someUnmapped = true;
      } else if (collapsed.isEmpty() || collapsed.getInt(collapsed.size() - 1) != w) {
        collapsed.add(w);
      }
    }
    Graph graph = curated.graph();
    float total = fromA.distance(c);
    int compared = collapsed.size() - 1;
    int matched = 0;
    for (int e = 0; e < compared; e++) {
      int x = collapsed.getInt(e);
      int y = collapsed.getInt(e + 1);
      float w = graph.weight(x, y);
      if (w < Float.POSITIVE_INFINITY && total < Float.POSITIVE_INFINITY
          && fromA.distance(x) + w + fromC.distance(y) <= total * (1 + TOLERANCE) + TOLERANCE) {
        matched++;
      }
    }
    boolean full = compared > 0 && matched == compared;
    Scenario scenario;
    if (!someUnmapped) {
      scenario = full ? Scenario.EXACT_MATCH : matched > 0 ? Scenario.MAPPED_PARTIAL_MATCH : Scenario.MAPPED_NO_MATCH;
    } else {
      scenario = full ? Scenario.COLLAPSED_FULL_MATCH
          : matched > 0 ? Scenario.COLLAPSED_PARTIAL_MATCH : Scenario.COLLAPSED_NO_MATCH;
    }
    return new Example(scenario, DiscoveredPath.of(lit, path), Collections.unmodifiableList(mapped), matched,
        compared, curatedNames(curated, fromA.pathTo(c)));
  }

  private static List<String> curatedNames(KgView curated, int[] path) {
    List<String> names = new ArrayList<>();
    if (path != null) {
      for (int v : path) {
        names.add(curated.kg().name(curated.node(v)));
      }
    }
    return names;
  }

  private static void keep(List<Example> examples, Options options, Example example) {
    long already = examples.stream().filter(e -> e.scenario() == example.scenario()).count();
    if (already < options.examplesPerScenario()) {
      examples.add(example);
    }
  }

  /** A concept asked for by name must be there: a typo would otherwise just shrink the comparison. */
  private static void requireInView(KgView view, String id) {
    if (view.kg().node(id) < 0) {
      throw new IllegalArgumentException("no concept '" + id + "' in the literature graph" + view.kg().idHint(id));
    }
    if (view.vertex(id) < 0) {
      throw new IllegalArgumentException("concept '" + id + "' has no " + KgView.labels(view.kinds())
          + " edge in the literature graph");
    }
  }
}

package org.tropic.kg;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntPredicate;
import org.tropic.graph.CloseNames;

/**
 * An immutable typed knowledge graph: concept and abstract nodes, undirected concept–concept, concept–abstract and
 * citation edges, each node and edge with its evidence counted per year, and each edge with its weight (a similarity
 * in (0, 1], see {@link EdgeWeights}) and the first year it is evidenced. The graph the shortest-path engine runs on
 * is a {@link KgView} of chosen edge kinds, with lengths from the graph's {@link DistanceRule}.
 *
 * <p>Node evidence: for a concept, the predications (or co-occurrences) naming it per year — the {@code n} of the
 * Jaccard weight; for an abstract, one entry: its publication year and its concept occurrences in total. Edge
 * evidence: for concept–concept, the predications naming both per year; for concept–abstract, the occurrences (in the
 * abstract's year); for a citation, 1 in the later paper's year. Year 0 means unknown. Keeping counts per year is
 * what lets {@link #asOf} rebuild the graph of an earlier year with every weight recomputed from the evidence of that
 * time, as DSNAPSHOT's 2005 slice of CORD-19 was built (SC20 §VI-C).
 *
 * <p>Memory: about 40 bytes per edge and 40 per node plus the strings; lookups by id and incidence lists are built
 * on first use (O(n + m)).
 */
public final class KnowledgeGraph {
  private final String[] ids;
  private final String[] names;
  private final String[] types;
  private final byte[] nodeKinds;
  private final int[] nodeEvidenceStart;
  private final int[] nodeYears;
  private final int[] nodeCounts;

  private final int[] edgeA;
  private final int[] edgeB;
  private final byte[] edgeKinds;
  private final int[] edgeRelations;
  private final String[] relationNames;
  private final float[] weights;
  private final int[] edgeEvidenceStart;
  private final int[] edgeYears;
  private final int[] edgeCounts;
  private final DistanceRule distanceRule;

  private volatile Object2IntOpenHashMap<String> nodeOfId;
  private volatile Incidence incidence;

  /**
   * Lists of incident edges in CSR form: the edges of node u are {@code edge[start[u] .. start[u+1]-1]}, their
   * other ends in {@code neighbour[]}, sorted by neighbour. The arrays belong to the graph: do not modify them.
   */
  public record Incidence(int[] start, int[] neighbour, int[] edge) {}

  /** Raw parts; every array is taken over, not copied. Weights that are NaN are computed from the evidence. */
  KnowledgeGraph(String[] ids, String[] names, String[] types, byte[] nodeKinds, int[] nodeEvidenceStart,
      int[] nodeYears, int[] nodeCounts, int[] edgeA, int[] edgeB, byte[] edgeKinds, int[] edgeRelations,
      String[] relationNames, float[] weights, int[] edgeEvidenceStart, int[] edgeYears, int[] edgeCounts,
      DistanceRule distanceRule) {
    int n = ids.length;
    int m = edgeA.length;
    if (names.length != n || types.length != n || nodeKinds.length != n || nodeEvidenceStart.length != n + 1
        || edgeB.length != m || edgeKinds.length != m || edgeRelations.length != m || weights.length != m
        || edgeEvidenceStart.length != m + 1) {
      throw new IllegalArgumentException("inconsistent knowledge-graph arrays for " + n + " nodes, " + m + " edges");
    }
    this.ids = ids;
    this.names = names;
    this.types = types;
    this.nodeKinds = nodeKinds;
    this.nodeEvidenceStart = nodeEvidenceStart;
    this.nodeYears = nodeYears;
    this.nodeCounts = nodeCounts;
    this.edgeA = edgeA;
    this.edgeB = edgeB;
    this.edgeKinds = edgeKinds;
    this.edgeRelations = edgeRelations;
    this.relationNames = relationNames;
    this.weights = weights;
    this.edgeEvidenceStart = edgeEvidenceStart;
    this.edgeYears = edgeYears;
    this.edgeCounts = edgeCounts;
    this.distanceRule = Objects.requireNonNull(distanceRule, "distanceRule");
    computeMissingWeights();
  }

  // ---- nodes ----

  public int nodeCount() {
    return ids.length;
  }

  /** The node's id: a CUI, {@code PMID:<n>} for an abstract, a curated id such as {@code Disease::DOID:9352}. */
  public String id(int node) {
    return ids[node];
  }

  /** The node's name, or its id when it has none. */
  public String name(int node) {
    return names[node] != null ? names[node] : ids[node];
  }

  /** The semantic type of a concept (e.g. {@code dsyn}, {@code Disease}), or {@code null}. */
  public String type(int node) {
    return types[node];
  }

  public NodeKind kind(int node) {
    return NodeKind.values()[nodeKinds[node]];
  }

  /** The node with this id, or -1. Builds a hash map of all ids on first use. */
  public int node(String id) {
    return nodeIndex().getInt(id);
  }

  /**
   * The node with this id.
   *
   * @throws IllegalArgumentException naming the id if the graph has no such node, and the ids to give instead where
   *     the text is a node's name or an id in other case (see {@link #idHint})
   */
  public int requireNode(String id) {
    int node = node(id);
    if (node < 0) {
      throw new IllegalArgumentException("no node '" + id + "' in the knowledge graph (" + nodeCount()
          + " nodes; ids are CUIs, PMID:<n> for abstracts, or the curated graph's ids)" + idHint(id));
    }
    return node;
  }

  /**
   * For a text that is no node's id: which ids it may mean, as {@code "; 'multiple sclerosis' is the name of
   * DOID:2377: give its id"} — the nodes whose id or name equals it ignoring case — or {@code ""} if none does.
   * Nodes are named by id only, as vertices are by label elsewhere; a name may belong to several nodes. O(n), for
   * error messages.
   */
  public String idHint(String text) {
    String wanted = text.strip();
    List<String> byId = new ArrayList<>();
    List<String> byName = new ArrayList<>();
    List<String> byKind = new ArrayList<>();
    for (int u = 0; u < ids.length; u++) {
      if (ids[u].equalsIgnoreCase(wanted)) {
        byId.add(ids[u]);
      } else if (names[u] != null && names[u].equalsIgnoreCase(wanted)) {
        byName.add(ids[u]);
      } else if (withoutKind(ids[u]).equalsIgnoreCase(withoutKind(wanted))) {
        byKind.add(ids[u]);
      }
    }
    if (!byId.isEmpty()) {
      return "; ids are case-sensitive: did you mean " + listed(byId) + "?";
    }
    if (!byKind.isEmpty()) { // a literature id (DOID:2377) given to a curated graph (Disease::DOID:2377), or back
      boolean given = wanted.contains(KIND_SEPARATOR);
      boolean found = byKind.get(0).contains(KIND_SEPARATOR);
      return "; did you mean " + listed(byKind) + " (the id " + (given && found ? "with another 'Kind::' prefix"
          : given ? "without its 'Kind::' prefix" : "with its 'Kind::' prefix, as curated ids have") + ")?";
    }
    if (byName.size() == 1) {
      return "; '" + text + "' is the name of " + byName.get(0) + ": give its id";
    }
    if (byName.size() > 1) {
      return "; '" + text + "' is the name of " + byName.size() + " nodes: " + listed(byName) + "; give one of"
          + " their ids";
    }
    return mistypedHint(text);
  }

  /** For a text that matches no id or name even ignoring case: the ids, then the names, a few edits from it. */
  private String mistypedHint(String text) {
    String ids = CloseNames.hint(CloseNames.of(text, this.ids.length, u -> this.ids[u]));
    if (!ids.isEmpty()) {
      return ids;
    }
    List<String> closeNames = CloseNames.of(text, names.length, u -> names[u]);
    if (closeNames.isEmpty()) {
      return "";
    }
    List<String> named = new ArrayList<>(); // closest first; a name several nodes share lists each of them
    for (String name : closeNames) {
      for (int u = 0; u < names.length && named.size() < CloseNames.MOST; u++) {
        if (name.equals(names[u])) {
          named.add(this.ids[u] + " (" + name + ")");
        }
      }
    }
    return "; did you mean " + String.join(", ", named) + "? give the id";
  }

  /** What separates a curated id's kind from the rest ({@code Disease::DOID:2377}), as Hetionet writes it. */
  private static final String KIND_SEPARATOR = "::";

  /** An id without its curated {@code Kind::} prefix, if it has one. */
  private static String withoutKind(String id) {
    int at = id.indexOf(KIND_SEPARATOR);
    return at < 0 ? id : id.substring(at + KIND_SEPARATOR.length());
  }

  private static String listed(List<String> items) {
    int most = 10;
    String shown = String.join(", ", items.subList(0, Math.min(most, items.size())));
    return items.size() <= most ? shown : shown + ", ... (" + items.size() + " in all)";
  }

  /** A concept's predications (all years), or an abstract's concept occurrences in total. */
  public long nodeEvidence(int node) {
    return Evidence.total(nodeCounts, nodeEvidenceStart[node], nodeEvidenceStart[node + 1]);
  }

  /** The node's evidence in known years ≤ {@code year}. */
  public long nodeEvidence(int node, int year) {
    return Evidence.totalUpTo(nodeYears, nodeCounts, nodeEvidenceStart[node], nodeEvidenceStart[node + 1], year);
  }

  /** The first year the node is evidenced (an abstract's publication year), or 0 if unknown. */
  public int nodeFirstYear(int node) {
    return Evidence.firstYear(nodeYears, nodeEvidenceStart[node], nodeEvidenceStart[node + 1]);
  }

  /** The node's evidence as {@code year:count;...} (year 0 = unknown). */
  public String nodeEvidenceText(int node) {
    return Evidence.format(nodeYears, nodeCounts, nodeEvidenceStart[node], nodeEvidenceStart[node + 1]);
  }

  /** Nodes of the given kind. */
  public int nodeCount(NodeKind kind) {
    int count = 0;
    for (byte k : nodeKinds) {
      count += k == kind.ordinal() ? 1 : 0;
    }
    return count;
  }

  // ---- edges ----

  public int edgeCount() {
    return edgeA.length;
  }

  /** Edges of the given kind. */
  public int edgeCount(EdgeKind kind) {
    int count = 0;
    for (byte k : edgeKinds) {
      count += k == kind.ordinal() ? 1 : 0;
    }
    return count;
  }

  /** The kinds it has edges of, with their counts: {@code concept-concept (1,234 edges), citation (56 edges)}. */
  public String edgeCountsByKind() {
    List<String> kinds = new ArrayList<>();
    for (EdgeKind kind : EdgeKind.values()) {
      int count = edgeCount(kind);
      if (count > 0) {
        kinds.add(String.format(java.util.Locale.ROOT, "%s (%,d edge%s)", kind.label(), count, count == 1 ? "" : "s"));
      }
    }
    return kinds.isEmpty() ? "no edges at all" : String.join(", ", kinds);
  }

  /**
   * Refuses edge kinds this graph has no edge of, for work over paths: every path would be missing and every pair
   * unreachable, which reads as a result.
   *
   * @param which how the refusal names this graph, e.g. {@code the graph as of 1990}
   * @throws IllegalArgumentException naming the kinds asked for and those it has
   */
  public void requireEdgesOf(Set<EdgeKind> kinds, String which) {
    for (EdgeKind kind : kinds) {
      if (edgeCount(kind) > 0) {
        return;
      }
    }
    throw new IllegalArgumentException(which + " has no edges of " + (kinds.size() == 1 ? "the kind " : "the kinds ")
        + KgView.labels(kinds) + ", so no path can use them; it has " + edgeCountsByKind());
  }

  /** One end of the edge (the subject, the concept, or the citing side as read). */
  public int edgeSource(int edge) {
    return edgeA[edge];
  }

  /** The other end of the edge. */
  public int edgeTarget(int edge) {
    return edgeB[edge];
  }

  /** The end of {@code edge} that is not {@code node}. */
  public int otherEnd(int edge, int node) {
    return edgeA[edge] == node ? edgeB[edge] : edgeA[edge];
  }

  public EdgeKind edgeKind(int edge) {
    return EdgeKind.values()[edgeKinds[edge]];
  }

  /** The curated relation (e.g. Hetionet's metaedge {@code CtD}), or {@code null} for literature edges. */
  public String relation(int edge) {
    int r = edgeRelations[edge];
    return r < 0 ? null : relationNames[r];
  }

  /** The similarity in (0, 1] the seeds define for this edge's kind (1 for a curated edge). */
  public float weight(int edge) {
    return weights[edge];
  }

  /** The edge's length under the graph's {@link DistanceRule}. */
  public float distance(int edge) {
    return distanceRule.distance(weights[edge]);
  }

  /** The evidence count of the edge over all years (predications, occurrences, 1 per citation; 0 if curated). */
  public long count(int edge) {
    return Evidence.total(edgeCounts, edgeEvidenceStart[edge], edgeEvidenceStart[edge + 1]);
  }

  /** The evidence count of the edge in known years ≤ {@code year}. */
  public long count(int edge, int year) {
    return Evidence.totalUpTo(edgeYears, edgeCounts, edgeEvidenceStart[edge], edgeEvidenceStart[edge + 1], year);
  }

  /** The first year the edge is evidenced, or 0 if unknown. */
  public int firstYear(int edge) {
    return Evidence.firstYear(edgeYears, edgeEvidenceStart[edge], edgeEvidenceStart[edge + 1]);
  }

  /** The edge's evidence as {@code year:count;...} (year 0 = unknown). */
  public String evidenceText(int edge) {
    return Evidence.format(edgeYears, edgeCounts, edgeEvidenceStart[edge], edgeEvidenceStart[edge + 1]);
  }

  public DistanceRule distanceRule() {
    return distanceRule;
  }

  /** Whether any node or edge records a known year (only then is {@link #asOf} meaningful). */
  public boolean hasYears() {
    for (int year : nodeYears) {
      if (year != Evidence.UNKNOWN_YEAR) {
        return true;
      }
    }
    return false;
  }

  /** The known years spanned by the evidence, {@code [first, last]}, or {@code null} if there are none. */
  public int[] yearRange() {
    int first = Integer.MAX_VALUE;
    int last = Integer.MIN_VALUE;
    for (int year : nodeYears) {
      if (year != Evidence.UNKNOWN_YEAR) {
        first = Math.min(first, year);
        last = Math.max(last, year);
      }
    }
    return first > last ? null : new int[] {first, last};
  }

  /** Incident edges of every node, built on first use. */
  public Incidence incidence() {
    Incidence result = incidence;
    if (result == null) {
      synchronized (this) {
        result = incidence;
        if (result == null) {
          incidence = result = buildIncidence();
        }
      }
    }
    return result;
  }

  /**
   * The edge between {@code a} and {@code b} of one of {@code kinds} with the smallest length, or -1 if none.
   * O(log degree).
   */
  public int edgeBetween(int a, int b, Set<EdgeKind> kinds) {
    Incidence inc = incidence();
    int from = inc.start()[a];
    int to = inc.start()[a + 1];
    int at = Arrays.binarySearch(inc.neighbour(), from, to, b);
    if (at < 0) {
      return -1;
    }
    while (at > from && inc.neighbour()[at - 1] == b) {
      at--;
    }
    int best = -1;
    for (; at < to && inc.neighbour()[at] == b; at++) {
      int e = inc.edge()[at];
      if (kinds.contains(edgeKind(e)) && (best < 0 || weights[e] > weights[best])) {
        best = e;
      }
    }
    return best;
  }

  /** Whether some edge of any kind joins {@code a} and {@code b}. */
  public boolean adjacent(int a, int b) {
    return edgeBetween(a, b, EnumSet.allOf(EdgeKind.class)) >= 0;
  }

  // ---- derived graphs ----

  /** The shortest-path view of the edges of {@code kinds}; see {@link KgView}. */
  public KgView view(Set<EdgeKind> kinds) {
    return KgView.of(this, kinds);
  }

  /** The view of every edge kind. */
  public KgView view() {
    return view(EnumSet.allOf(EdgeKind.class));
  }

  /** The same nodes with only the edges {@code keep} accepts; weights are kept as they are (e.g. to hide links). */
  public KnowledgeGraph withEdges(IntPredicate keep) {
    int m = edgeCount();
    int kept = 0;
    int[] keptEdges = new int[m];
    for (int e = 0; e < m; e++) {
      if (keep.test(e)) {
        keptEdges[kept++] = e;
      }
    }
    return sliceEdges(Arrays.copyOf(keptEdges, kept), null, Integer.MAX_VALUE, false, identity(nodeCount()));
  }

  /**
   * The graph as it stood at the end of {@code year}: nodes and edges with evidence in known years ≤ year, counts
   * cut to those years, and every weight recomputed from them (a concept's Jaccard totals, an abstract's
   * occurrences, a paper's citation count as of then). Evidence of unknown year is left out. Node ids are kept, so
   * slices compare by id.
   *
   * @throws IllegalArgumentException if the graph records no years at all, or none up to {@code year} (the slice
   *     would be empty; the message gives the years there are)
   */
  public KnowledgeGraph asOf(int year) {
    int[] years = yearRange();
    if (years == null) {
      throw new IllegalArgumentException("this knowledge graph records no publication years, so it cannot be sliced"
          + " by year: build it with the SemMedDB CITATIONS table (PYEAR) or triples with a year column");
    }
    if (year < years[0]) {
      throw new IllegalArgumentException("the graph as of " + year + " would be empty: its evidence dates from "
          + years[0] + " to " + years[1] + "; choose a year in that range");
    }
    int n = nodeCount();
    int[] newId = new int[n];
    int kept = 0;
    for (int u = 0; u < n; u++) {
      long evidence = Evidence.totalUpTo(nodeYears, nodeCounts, nodeEvidenceStart[u], nodeEvidenceStart[u + 1], year);
      boolean exists = kind(u) == NodeKind.ABSTRACT
          ? isKnownAndAtMost(nodeFirstYear(u), year)
          : evidence > 0;
      newId[u] = exists ? kept++ : -1;
    }
    int[] keptEdges = new int[edgeCount()];
    int edges = 0;
    for (int e = 0; e < edgeCount(); e++) {
      if (newId[edgeA[e]] >= 0 && newId[edgeB[e]] >= 0
          && Evidence.totalUpTo(edgeYears, edgeCounts, edgeEvidenceStart[e], edgeEvidenceStart[e + 1], year) > 0) {
        keptEdges[edges++] = e;
      }
    }
    return sliceEdges(Arrays.copyOf(keptEdges, edges), newId, year, true, null);
  }

  private static boolean isKnownAndAtMost(int year, int limit) {
    return year != Evidence.UNKNOWN_YEAR && year <= limit;
  }

  private static int[] identity(int n) {
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    return ids;
  }

  /**
   * A graph of the kept edges over the nodes {@code newId} keeps (-1 = dropped); with {@code cut}, evidence is cut
   * to known years ≤ {@code year} and weights recomputed, else both are copied.
   */
  private KnowledgeGraph sliceEdges(int[] keptEdges, int[] newIdOrNull, int year, boolean cut, int[] identityIds) {
    int[] newId = newIdOrNull != null ? newIdOrNull : identityIds;
    int n = 0;
    for (int id : newId) {
      n = Math.max(n, id + 1);
    }
    String[] nIds = new String[n];
    String[] nNames = new String[n];
    String[] nTypes = new String[n];
    byte[] nKinds = new byte[n];
    int[] nStart = new int[n + 1];
    EvidenceLists nodeEvidence = new EvidenceLists();
    for (int u = 0; u < newId.length; u++) {
      int v = newId[u];
      if (v < 0) {
        continue;
      }
      nIds[v] = ids[u];
      nNames[v] = names[u];
      nTypes[v] = types[u];
      nKinds[v] = nodeKinds[u];
      nodeEvidence.copy(nodeYears, nodeCounts, nodeEvidenceStart[u], nodeEvidenceStart[u + 1], cut ? year : -1);
      nStart[v + 1] = nodeEvidence.size();
    }
    int m = keptEdges.length;
    int[] a = new int[m];
    int[] b = new int[m];
    byte[] kinds = new byte[m];
    int[] relations = new int[m];
    float[] w = new float[m];
    int[] eStart = new int[m + 1];
    EvidenceLists edgeEvidence = new EvidenceLists();
    for (int i = 0; i < m; i++) {
      int e = keptEdges[i];
      a[i] = newId[edgeA[e]];
      b[i] = newId[edgeB[e]];
      kinds[i] = edgeKinds[e];
      relations[i] = edgeRelations[e];
      w[i] = cut ? Float.NaN : weights[e];
      edgeEvidence.copy(edgeYears, edgeCounts, edgeEvidenceStart[e], edgeEvidenceStart[e + 1], cut ? year : -1);
      eStart[i + 1] = edgeEvidence.size();
    }
    return new KnowledgeGraph(nIds, nNames, nTypes, nKinds, nStart, nodeEvidence.years(), nodeEvidence.counts(), a,
        b, kinds, relations, relationNames, w, eStart, edgeEvidence.years(), edgeEvidence.counts(), distanceRule);
  }

  /** Fills NaN weights from the evidence, by each edge kind's rule. */
  private void computeMissingWeights() {
    long[] citationsOf = null;
    for (int e = 0; e < weights.length; e++) {
      if (!Float.isNaN(weights[e])) {
        continue;
      }
      long count = count(e);
      weights[e] = switch (edgeKind(e)) {
        case CONCEPT_CONCEPT -> EdgeWeights.jaccard(count, nodeEvidence(edgeA[e]), nodeEvidence(edgeB[e]));
        case CONCEPT_ABSTRACT -> EdgeWeights.occurrenceShare(count, nodeEvidence(conceptAbstractPaper(e)));
        case CITATION -> {
          if (citationsOf == null) {
            citationsOf = citationCounts();
          }
          yield EdgeWeights.citation(citationsOf[edgeA[e]], citationsOf[edgeB[e]]);
        }
      };
    }
  }

  private int conceptAbstractPaper(int edge) {
    return nodeKinds[edgeA[edge]] == NodeKind.ABSTRACT.ordinal() ? edgeA[edge] : edgeB[edge];
  }

  private long[] citationCounts() {
    long[] citations = new long[nodeCount()];
    for (int e = 0; e < edgeCount(); e++) {
      if (edgeKinds[e] == EdgeKind.CITATION.ordinal()) {
        citations[edgeA[e]]++;
        citations[edgeB[e]]++;
      }
    }
    return citations;
  }

  private Object2IntOpenHashMap<String> nodeIndex() {
    Object2IntOpenHashMap<String> index = nodeOfId;
    if (index == null) {
      synchronized (this) {
        index = nodeOfId;
        if (index == null) {
          index = new Object2IntOpenHashMap<>(ids.length);
          index.defaultReturnValue(-1);
          for (int u = 0; u < ids.length; u++) {
            if (index.put(ids[u], u) != -1) {
              throw new IllegalStateException("duplicate node id '" + ids[u] + "'");
            }
          }
          nodeOfId = index;
        }
      }
    }
    return index;
  }

  private Incidence buildIncidence() {
    int n = nodeCount();
    int m = edgeCount();
    int[] start = new int[n + 1];
    for (int e = 0; e < m; e++) {
      start[edgeA[e] + 1]++;
      start[edgeB[e] + 1]++;
    }
    for (int u = 0; u < n; u++) {
      start[u + 1] += start[u];
    }
    int[] fill = Arrays.copyOf(start, n);
    long[] packed = new long[2 * m];
    for (int e = 0; e < m; e++) {
      packed[fill[edgeA[e]]++] = (long) edgeB[e] << 32 | e;
      packed[fill[edgeB[e]]++] = (long) edgeA[e] << 32 | e;
    }
    int[] neighbour = new int[2 * m];
    int[] edge = new int[2 * m];
    for (int u = 0; u < n; u++) {
      Arrays.sort(packed, start[u], start[u + 1]);
      for (int i = start[u]; i < start[u + 1]; i++) {
        neighbour[i] = (int) (packed[i] >>> 32);
        edge[i] = (int) packed[i];
      }
    }
    return new Incidence(start, neighbour, edge);
  }

  // ---- package access for the store ----

  String rawName(int node) {
    return names[node];
  }

  String[] relationNames() {
    return relationNames;
  }

  @Override
  public String toString() {
    return "KnowledgeGraph[" + describe() + "]";
  }

  /** Its size for people: "12 concepts, 40 abstracts, 9 concept-concept, 40 concept-abstract, 0 citation edges". */
  public String describe() {
    return String.format(java.util.Locale.ROOT, "%,d concepts, %,d abstracts, %,d concept-concept, %,d"
        + " concept-abstract, %,d citation edges", nodeCount(NodeKind.CONCEPT), nodeCount(NodeKind.ABSTRACT),
        edgeCount(EdgeKind.CONCEPT_CONCEPT), edgeCount(EdgeKind.CONCEPT_ABSTRACT), edgeCount(EdgeKind.CITATION));
  }
}

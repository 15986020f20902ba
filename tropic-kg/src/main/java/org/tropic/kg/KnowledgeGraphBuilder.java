package org.tropic.kg;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Aggregates literature evidence row by row into the counts the edge weights need, then builds a
 * {@link KnowledgeGraph}. Memory grows with the distinct things counted — concepts, concept pairs per year, concept
 * occurrences per abstract, citation pairs — never with the number of rows, so a reader can stream a dump of any size
 * through it. All maps are primitive (fastutil); keys pack two ints into a long.
 *
 * <p>What one predication (subject s, object o, in abstract p of year y) counts: one predication naming s and one
 * naming o in year y (the Jaccard denominators; once if s = o); if s ≠ o, one predication naming both (the Jaccard
 * numerator); and one occurrence each of s and o in p (the occurrence share). Citations are counted once per
 * unordered pair. Curated edges (a graph such as Hetionet) carry no counts and have length 1; they cannot be mixed
 * with literature evidence in one graph, since the two measure length differently.
 *
 * <p>Not thread-safe: one reader feeds one builder.
 */
public final class KnowledgeGraphBuilder {
  private static final int MAX_YEAR = 0xFFFF;
  private static final String ABSTRACT_PREFIX = "PMID:";

  private final Set<EdgeKind> kinds;

  private final Object2IntOpenHashMap<String> conceptOfId = new Object2IntOpenHashMap<>();
  private final List<String> conceptIds = new ArrayList<>();
  private final List<String> conceptNames = new ArrayList<>();
  private final List<String> conceptTypes = new ArrayList<>();
  private final YearCounts conceptYears = new YearCounts();

  private final Long2IntOpenHashMap pairOf = new Long2IntOpenHashMap();
  private final LongArrayList pairs = new LongArrayList();
  private final YearCounts pairYears = new YearCounts();

  private final Int2IntOpenHashMap yearOfPmid = new Int2IntOpenHashMap();
  private final Long2IntOpenHashMap occurrences = new Long2IntOpenHashMap();
  private final Int2IntOpenHashMap occurrencesInPmid = new Int2IntOpenHashMap();
  private final LongOpenHashSet citations = new LongOpenHashSet();

  private final LongArrayList curatedPairs = new LongArrayList();
  private final IntArrayList curatedRelations = new IntArrayList();
  private final Set<CuratedKey> curatedSeen = new HashSet<>();
  private final Object2IntOpenHashMap<String> relationOf = new Object2IntOpenHashMap<>();
  private final List<String> relationNames = new ArrayList<>();

  /** A builder that keeps the edges of {@code kinds} (and skips counting what only other kinds need). */
  public KnowledgeGraphBuilder(Set<EdgeKind> kinds) {
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("choose at least one edge kind to build");
    }
    this.kinds = EnumSet.copyOf(kinds);
    conceptOfId.defaultReturnValue(-1);
    pairOf.defaultReturnValue(-1);
    relationOf.defaultReturnValue(-1);
  }

  /** A builder keeping every edge kind. */
  public static KnowledgeGraphBuilder allKinds() {
    return new KnowledgeGraphBuilder(EnumSet.allOf(EdgeKind.class));
  }

  /** The edge kinds this builder keeps. */
  public Set<EdgeKind> kinds() {
    return EnumSet.copyOf(kinds);
  }

  /**
   * The concept with this id, created on first sight with the given name and semantic type (either may be
   * {@code null}; a later sighting fills in what was missing, never overwrites).
   */
  public int concept(String id, String name, String semanticType) {
    int c = conceptOfId.getInt(id);
    if (c < 0) {
      if (id.isEmpty()) {
        throw new IllegalArgumentException("empty concept id");
      }
      c = conceptIds.size();
      conceptOfId.put(id, c);
      conceptIds.add(id);
      conceptNames.add(name);
      conceptTypes.add(semanticType);
    } else {
      if (conceptNames.get(c) == null && name != null) {
        conceptNames.set(c, name);
      }
      if (conceptTypes.get(c) == null && semanticType != null) {
        conceptTypes.set(c, semanticType);
      }
    }
    return c;
  }

  /** Whether concept {@code c} still lacks a name or a semantic type, which a later sighting would fill in. */
  public boolean lacksNameOrType(int c) {
    return conceptNames.get(c) == null || conceptTypes.get(c) == null;
  }

  /** The concept with this id, or -1 if it has not been seen. */
  public int conceptIfKnown(String id) {
    return conceptOfId.getInt(id);
  }

  /** Records abstract {@code pmid}'s publication year (the first year given wins). */
  public void publicationYear(int pmid, int year) {
    checkPmid(pmid);
    checkYear(year);
    if (year != Evidence.UNKNOWN_YEAR) {
      yearOfPmid.putIfAbsent(pmid, year);
    }
  }

  /** The publication year recorded for {@code pmid}, or 0 if unknown. */
  public int yearOf(int pmid) {
    return yearOfPmid.get(pmid);
  }

  /** A predication in abstract {@code pmid} (0 if none), dated by the abstract's recorded year. */
  public void predication(int subject, int object, int pmid) {
    predication(subject, object, pmid, pmid > 0 ? yearOfPmid.get(pmid) : Evidence.UNKNOWN_YEAR);
  }

  /** A predication in abstract {@code pmid} (0 if none) of the given year (0 if unknown). */
  public void predication(int subject, int object, int pmid, int year) {
    checkConcept(subject);
    checkConcept(object);
    checkYear(year);
    if (pmid < 0) {
      throw new IllegalArgumentException("negative PMID " + pmid);
    }
    count(subject, object, year, 1, true);
    if (pmid > 0 && kinds.contains(EdgeKind.CONCEPT_ABSTRACT)) {
      // A predication of a concept with itself (X TREATS X) mentions it once, as count() counts it once.
      occurrences.addTo((long) subject << 32 | pmid, 1);
      if (object != subject) {
        occurrences.addTo((long) object << 32 | pmid, 1);
      }
      occurrencesInPmid.addTo(pmid, subject == object ? 1 : 2);
    }
  }

  /**
   * {@code count} co-occurrences of two concepts from an aggregated table (no abstracts, year unknown): they count
   * as {@code count} predications naming both. With {@code linked} false (a row a filter rejected) they still count
   * towards each concept's total — the Jaccard denominator — but make no edge.
   */
  public void cooccurrences(int a, int b, int count, boolean linked) {
    checkConcept(a);
    checkConcept(b);
    if (count < 0) {
      throw new IllegalArgumentException("negative co-occurrence count " + count);
    }
    if (count > 0) {
      count(a, b, Evidence.UNKNOWN_YEAR, count, linked);
    }
  }

  private void count(int a, int b, int year, int count, boolean linked) {
    conceptYears.add(a, year, count);
    if (a == b) {
      return;
    }
    conceptYears.add(b, year, count);
    if (linked && kinds.contains(EdgeKind.CONCEPT_CONCEPT)) {
      long key = pairKey(a, b);
      int pair = pairOf.get(key);
      if (pair < 0) {
        pair = pairs.size();
        pairOf.put(key, pair);
        pairs.add(key);
      }
      pairYears.add(pair, year, count);
    }
  }

  /**
   * A citation between two abstracts (undirected; counted once per pair; self-citations ignored).
   *
   * @return false where the pair, in either direction, was given before (it adds nothing), so that readers can say
   *     how many rows were merged; true otherwise, and when citation edges are not built
   */
  public boolean citation(int citingPmid, int citedPmid) {
    checkPmid(citingPmid);
    checkPmid(citedPmid);
    if (citingPmid == citedPmid || !kinds.contains(EdgeKind.CITATION)) {
      return true;
    }
    return citations.add(pairKey(citingPmid, citedPmid));
  }

  /**
   * A curated edge of the given relation (e.g. Hetionet's {@code CtD}); the same pair and relation counts once, in
   * either direction. Curated edges are concept–concept edges of weight 1 and length 1.
   *
   * @return whether this made a new edge: false for a self-loop (never kept) and for a pair and relation already
   *     given, so that readers can say how many rows were merged
   */
  public boolean curatedEdge(int a, int b, String relation) {
    checkConcept(a);
    checkConcept(b);
    if (a == b) {
      return false;
    }
    int r = relationOf.getInt(relation);
    if (r < 0) {
      r = relationNames.size();
      relationOf.put(relation, r);
      relationNames.add(relation);
    }
    long pair = pairKey(a, b);
    if (!curatedSeen.add(new CuratedKey(pair, r))) {
      return false;
    }
    curatedPairs.add(pair);
    curatedRelations.add(r);
    return true;
  }

  /** Concepts seen so far. */
  public int conceptCount() {
    return conceptIds.size();
  }

  /** Distinct concept pairs with co-occurrence evidence so far. */
  public int conceptPairCount() {
    return pairs.size();
  }

  /**
   * Builds the graph: concepts in first-seen order, then abstracts by PMID; concept–concept edges in first-seen
   * order, then occurrences and citations sorted by their ends. O(distinct counts · log).
   *
   * @throws IllegalStateException if curated edges and literature evidence were both given
   */
  public KnowledgeGraph build() {
    boolean literature = !conceptYears.isEmpty() || !citations.isEmpty();
    boolean curated = !curatedPairs.isEmpty();
    if (literature && curated) {
      throw new IllegalStateException("a curated graph and literature evidence cannot share one knowledge graph:"
          + " curated edges have length 1, literature edges −log(weight); build them separately");
    }
    long[] occurrenceKeys = occurrences.keySet().toLongArray();
    Arrays.sort(occurrenceKeys);
    long[] citationKeys = citations.toLongArray();
    Arrays.sort(citationKeys);
    int[] pmids = abstractPmids(citationKeys);
    int concepts = conceptIds.size();
    int n = concepts + pmids.length;

    String[] ids = new String[n];
    String[] names = new String[n];
    String[] types = new String[n];
    byte[] nodeKinds = new byte[n];
    for (int c = 0; c < concepts; c++) {
      ids[c] = conceptIds.get(c);
      names[c] = conceptNames.get(c);
      types[c] = conceptTypes.get(c);
      nodeKinds[c] = (byte) NodeKind.CONCEPT.ordinal();
    }
    YearCounts.Runs conceptRuns = conceptYears.runs(concepts);
    EvidenceLists nodeEvidence = new EvidenceLists();
    int[] nodeStart = new int[n + 1];
    for (int c = 0; c < concepts; c++) {
      nodeEvidence.copy(conceptRuns.years(), conceptRuns.counts(), conceptRuns.start()[c],
          conceptRuns.start()[c + 1], -1);
      nodeStart[c + 1] = nodeEvidence.size();
    }
    for (int i = 0; i < pmids.length; i++) {
      int node = concepts + i;
      ids[node] = ABSTRACT_PREFIX + pmids[i];
      nodeKinds[node] = (byte) NodeKind.ABSTRACT.ordinal();
      nodeEvidence.add(yearOfPmid.get(pmids[i]), occurrencesInPmid.get(pmids[i]));
      nodeStart[node + 1] = nodeEvidence.size();
    }

    int m = pairs.size() + occurrenceKeys.length + citationKeys.length + curatedPairs.size();
    int[] a = new int[m];
    int[] b = new int[m];
    byte[] edgeKinds = new byte[m];
    int[] relations = new int[m];
    Arrays.fill(relations, -1);
    float[] weights = new float[m];
    Arrays.fill(weights, Float.NaN);
    int[] edgeStart = new int[m + 1];
    EvidenceLists edgeEvidence = new EvidenceLists();
    int e = 0;
    YearCounts.Runs pairRuns = pairYears.runs(pairs.size());
    for (int p = 0; p < pairs.size(); p++, e++) {
      a[e] = (int) (pairs.getLong(p) >>> 32);
      b[e] = (int) pairs.getLong(p);
      edgeKinds[e] = (byte) EdgeKind.CONCEPT_CONCEPT.ordinal();
      edgeEvidence.copy(pairRuns.years(), pairRuns.counts(), pairRuns.start()[p], pairRuns.start()[p + 1], -1);
      edgeStart[e + 1] = edgeEvidence.size();
    }
    for (long key : occurrenceKeys) {
      int pmid = (int) key;
      a[e] = (int) (key >>> 32);
      b[e] = concepts + Arrays.binarySearch(pmids, pmid);
      edgeKinds[e] = (byte) EdgeKind.CONCEPT_ABSTRACT.ordinal();
      edgeEvidence.add(yearOfPmid.get(pmid), occurrences.get(key));
      edgeStart[++e] = edgeEvidence.size();
    }
    for (long key : citationKeys) {
      int p1 = (int) (key >>> 32);
      int p2 = (int) key;
      a[e] = concepts + Arrays.binarySearch(pmids, p1);
      b[e] = concepts + Arrays.binarySearch(pmids, p2);
      edgeKinds[e] = (byte) EdgeKind.CITATION.ordinal();
      edgeEvidence.add(Math.max(yearOfPmid.get(p1), yearOfPmid.get(p2)), 1);
      edgeStart[++e] = edgeEvidence.size();
    }
    for (int i = 0; i < curatedPairs.size(); i++) {
      a[e] = (int) (curatedPairs.getLong(i) >>> 32);
      b[e] = (int) curatedPairs.getLong(i);
      edgeKinds[e] = (byte) EdgeKind.CONCEPT_CONCEPT.ordinal();
      relations[e] = curatedRelations.getInt(i);
      weights[e] = 1f;
      edgeStart[++e] = edgeEvidence.size();
    }
    return new KnowledgeGraph(ids, names, types, nodeKinds, nodeStart, nodeEvidence.years(), nodeEvidence.counts(),
        a, b, edgeKinds, relations, relationNames.toArray(String[]::new), weights, edgeStart, edgeEvidence.years(),
        edgeEvidence.counts(), curated ? DistanceRule.HOPS : DistanceRule.NEG_LOG_WEIGHT);
  }

  private int[] abstractPmids(long[] citationKeys) {
    IntOpenHashSet pmids = new IntOpenHashSet(occurrencesInPmid.keySet());
    for (long key : citationKeys) {
      pmids.add((int) (key >>> 32));
      pmids.add((int) key);
    }
    int[] sorted = pmids.toIntArray();
    Arrays.sort(sorted);
    return sorted;
  }

  private static long pairKey(int a, int b) {
    return a < b ? (long) a << 32 | b : (long) b << 32 | a;
  }

  private void checkConcept(int c) {
    if (c < 0 || c >= conceptIds.size()) {
      throw new IllegalArgumentException("no concept " + c + " (have " + conceptIds.size() + ")");
    }
  }

  private static void checkPmid(int pmid) {
    if (pmid <= 0) {
      throw new IllegalArgumentException("PMID must be positive, got " + pmid);
    }
  }

  private static void checkYear(int year) {
    if (year < 0 || year > MAX_YEAR) {
      throw new IllegalArgumentException("year " + year + " outside 0.." + MAX_YEAR + " (0 = unknown)");
    }
  }

  private record CuratedKey(long pair, int relation) {}
}

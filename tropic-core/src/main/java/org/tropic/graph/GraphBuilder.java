package org.tropic.graph;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.tropic.apsp.HeapFootprint;

/**
 * Accumulates arcs, then builds an immutable {@link Graph}. Of duplicate arcs the smallest weight is kept;
 * self-loops of non-negative weight are dropped (they never shorten a path), negative ones kept so that the
 * negative cycle they form is detected. How many arcs each rule removed is told by {@link #droppedArcs()}.
 * Vertices are either plain ids ({@link #withVertexCount}) or names interned on first use ({@link #labelled()}).
 */
public final class GraphBuilder {
  private final boolean labelled;
  private int vertexCount;
  private final List<String> names = new ArrayList<>();
  private final Object2IntOpenHashMap<String> idOfName = new Object2IntOpenHashMap<>();
  private Comparator<String> vertexOrder;
  private boolean undirected;

  /** The most elements a Java array can have on HotSpot. */
  private static final int MAX_ARCS = Integer.MAX_VALUE - 8;

  private int arcCount;
  private int[] sources = new int[16];
  private int[] targets = new int[16];
  private float[] weights = new float[16];
  private DroppedArcs droppedArcs = DroppedArcs.NONE;

  private GraphBuilder(boolean labelled, int vertexCount) {
    this.labelled = labelled;
    this.vertexCount = vertexCount;
    idOfName.defaultReturnValue(-1);
  }

  /** A builder for vertices {@code 0..n-1}, without labels. */
  public static GraphBuilder withVertexCount(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative vertex count " + n);
    }
    return new GraphBuilder(false, n);
  }

  /** A builder whose vertices are named; ids are given out by {@link #vertex(String)}. */
  public static GraphBuilder labelled() {
    return new GraphBuilder(true, 0);
  }

  /**
   * Makes room for {@code arcs} arcs at once, for a reader whose header counts them (Matrix Market's size line,
   * DIMACS's problem line): the arc arrays then never double, which left up to twice the room needed and copied
   * every arc on each doubling. An upper bound is enough (a dropped diagonal entry adds nothing); more arcs than
   * this still grow the arrays.
   */
  public GraphBuilder expectingArcs(long arcs) {
    if (arcs > sources.length) {
      int room = (int) Math.min(arcs, MAX_ARCS);
      sources = Arrays.copyOf(sources, room);
      targets = Arrays.copyOf(targets, room);
      weights = Arrays.copyOf(weights, room);
    }
    return this;
  }

  /** Marks the graph as undirected (reporting only: add both arcs, or use {@link #addEdge}). */
  public GraphBuilder undirected(boolean undirected) {
    this.undirected = undirected;
    return this;
  }

  /** Orders the labelled vertices' ids by their names under {@code order} at build time (e.g. numerically). */
  public GraphBuilder sortVertices(Comparator<String> order) {
    this.vertexOrder = order;
    return this;
  }

  /** The id of the vertex named {@code name}, created if new. */
  public int vertex(String name) {
    if (!labelled) {
      throw new IllegalStateException("this builder has plain ids; use GraphBuilder.labelled() for names");
    }
    int id = idOfName.getInt(name);
    if (id < 0) {
      id = names.size();
      idOfName.put(name, id);
      names.add(name);
      vertexCount++;
    }
    return id;
  }

  public int vertexCount() {
    return vertexCount;
  }

  public int arcCount() {
    return arcCount;
  }

  /** The heap the arc arrays take now, room included: part of {@link #heapBytes}'s count, already held. */
  public long arcArrayBytes() {
    return 3 * HeapFootprint.floatArray(sources.length);
  }

  /** Room in the arc arrays: for tests of {@link #expectingArcs}. */
  int arcRoom() {
    return sources.length;
  }

  /** The self-loops dropped and duplicate arcs merged by the last {@link #build()}; none before it. */
  public DroppedArcs droppedArcs() {
    return droppedArcs;
  }

  /**
   * The heap a graph of at most {@code arcs} arcs on {@code n} vertices takes while it is built with room for them
   * made at once ({@link #expectingArcs}), at its peak in {@link #build}: the three arc arrays (int, int, float), and
   * the CSR's targets and weights twice where self-loops or duplicates are dropped (filled, then copied without
   * them), beside the offsets and a fill cursor per vertex; each array as it takes this heap ({@link HeapFootprint}).
   * About 30 bytes an arc: a Matrix Market file of 3,000,000 entries on 100,000 vertices counts 85 MiB, and
   * {@code tropic info} on it, with the check before the read turned off, ran out of a 94 MiB heap and read it in
   * 95 MiB; with the arrays doubled from 16 as arcs came it counted 101 MiB and needed 109.
   */
  public static long heapBytes(long arcs, long n) {
    long room = Math.min(arcs, MAX_ARCS);
    return 7 * HeapFootprint.floatArray(room) + 2 * HeapFootprint.floatArray(n + 1);
  }

  /** Adds the arc u→v of weight w. */
  public GraphBuilder addArc(int u, int v, float w) {
    if (u < 0 || u >= vertexCount || v < 0 || v >= vertexCount) {
      throw new IllegalArgumentException("arc " + u + "→" + v + " outside vertices 0.." + (vertexCount - 1));
    }
    if (Float.isNaN(w) || w == Float.NEGATIVE_INFINITY) {
      throw new IllegalArgumentException("arc " + u + "→" + v + " has weight " + w);
    }
    if (arcCount == sources.length) {
      int grown = Math.max(16, (int) Math.min(MAX_ARCS, sources.length * 2L));
      sources = Arrays.copyOf(sources, grown);
      targets = Arrays.copyOf(targets, grown);
      weights = Arrays.copyOf(weights, grown);
    }
    sources[arcCount] = u;
    targets[arcCount] = v;
    weights[arcCount] = w;
    arcCount++;
    return this;
  }

  /** Adds the arcs u→v and v→u, both of weight w. */
  public GraphBuilder addEdge(int u, int v, float w) {
    addArc(u, v, w);
    if (u != v) {
      addArc(v, u, w);
    }
    return this;
  }

  /** Builds the CSR graph: arcs grouped by source, sorted by target, duplicates reduced to the smallest weight. */
  public Graph build() {
    int n = vertexCount;
    int[] newId = labelled && vertexOrder != null ? vertexPermutation() : null;
    VertexLabels labels = null;
    if (labelled) {
      String[] ordered = new String[n];
      for (int i = 0; i < n; i++) {
        ordered[newId == null ? i : newId[i]] = names.get(i);
      }
      labels = VertexLabels.of(ordered);
    }
    int[] offsets = new int[n + 1];
    for (int a = 0; a < arcCount; a++) {
      offsets[map(newId, sources[a]) + 1]++;
    }
    for (int u = 0; u < n; u++) {
      offsets[u + 1] += offsets[u];
    }
    int[] fill = Arrays.copyOf(offsets, n);
    int[] csrTargets = new int[arcCount];
    float[] csrWeights = new float[arcCount];
    for (int a = 0; a < arcCount; a++) {
      int at = fill[map(newId, sources[a])]++;
      csrTargets[at] = map(newId, targets[a]);
      csrWeights[at] = weights[a];
    }
    return compact(offsets, csrTargets, csrWeights, labels);
  }

  private static int map(int[] newId, int id) {
    return newId == null ? id : newId[id];
  }

  private int[] vertexPermutation() {
    int n = names.size();
    int[] byName = new int[n];
    Arrays.setAll(byName, i -> i);
    IntArrays.stableSort(byName, (a, b) -> vertexOrder.compare(names.get(a), names.get(b)));
    int[] newId = new int[n];
    for (int rank = 0; rank < n; rank++) {
      newId[byName[rank]] = rank;
    }
    return newId;
  }

  /**
   * Sorts each row by target, keeps the lightest of duplicate arcs, drops harmless self-loops, in place; counts
   * both in {@link #droppedArcs}.
   */
  private Graph compact(int[] offsets, int[] csrTargets, float[] csrWeights, VertexLabels labels) {
    int n = offsets.length - 1;
    int write = 0;
    int[] order = new int[0];
    int[] rowTargets = new int[0];
    float[] rowWeights = new float[0];
    int selfLoops = 0;
    int duplicates = 0;
    for (int u = 0; u < n; u++) {
      int from = offsets[u];
      int to = offsets[u + 1];
      int len = to - from;
      if (order.length < len) {
        order = new int[len];
        rowTargets = new int[len];
        rowWeights = new float[len];
      }
      for (int i = 0; i < len; i++) {
        order[i] = i;
      }
      final int[] t = csrTargets;
      final int base = from;
      IntArrays.quickSort(order, 0, len, (a, b) -> Integer.compare(t[base + a], t[base + b]));
      for (int i = 0; i < len; i++) {
        rowTargets[i] = csrTargets[from + order[i]];
        rowWeights[i] = csrWeights[from + order[i]];
      }
      offsets[u] = write;
      for (int i = 0; i < len; i++) {
        int v = rowTargets[i];
        float w = rowWeights[i];
        if (v == u && w >= 0) {
          selfLoops++;
          continue;
        }
        if (write > offsets[u] && csrTargets[write - 1] == v) {
          csrWeights[write - 1] = Math.min(csrWeights[write - 1], w);
          duplicates++;
        } else {
          csrTargets[write] = v;
          csrWeights[write] = w;
          write++;
        }
      }
    }
    offsets[n] = write;
    droppedArcs = new DroppedArcs(selfLoops, duplicates);
    // nothing dropped: the arrays are the graph's as they are, without a copy at the peak
    return write == csrTargets.length ? new Graph(offsets, csrTargets, csrWeights, labels, undirected)
        : new Graph(offsets, Arrays.copyOf(csrTargets, write), Arrays.copyOf(csrWeights, write), labels, undirected);
  }
}

package org.tropic.partition;

import java.util.Arrays;
import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * The vertex order partitioned APSP works in (IPDPS'14 §IV-A, Fig. 3): the vertices of each non-empty part, called a
 * component, are numbered contiguously, its boundary vertices first. A boundary vertex has an arc to or from a
 * vertex of another component. Positions are the new numbers; boundary indices number the boundary vertices of all
 * components consecutively in the same order, which is the vertex order of the boundary graph.
 *
 * <p>Within each group vertices keep their relative id order. O(n + m) time and memory.
 */
public final class PartitionLayout {
  private final int[] start;
  private final int[] boundaryStart;
  private final int[] vertexAt;
  private final int[] positionOf;
  private final int[] componentAt;
  private final int[] positionOfBoundary;
  private final long cutArcs;

  private PartitionLayout(int[] start, int[] boundaryStart, int[] vertexAt, int[] positionOf, int[] componentAt,
      int[] positionOfBoundary, long cutArcs) {
    this.start = start;
    this.boundaryStart = boundaryStart;
    this.vertexAt = vertexAt;
    this.positionOf = positionOf;
    this.componentAt = componentAt;
    this.positionOfBoundary = positionOfBoundary;
    this.cutArcs = cutArcs;
  }

  /** The layout of {@code graph} under {@code partition}; empty parts are dropped. */
  public static PartitionLayout of(Graph graph, Partition partition) {
    Objects.requireNonNull(graph, "graph");
    Objects.requireNonNull(partition, "partition");
    int n = graph.vertexCount();
    if (partition.vertexCount() != n) {
      throw new IllegalArgumentException("partition of " + partition.vertexCount() + " vertices for a graph of " + n);
    }
    int[] part = partition.partOf();
    int[] componentOfPart = new int[partition.parts()];
    Arrays.fill(componentOfPart, -1);
    int components = 0;
    for (int v = 0; v < n; v++) {
      if (componentOfPart[part[v]] < 0) {
        componentOfPart[part[v]] = components++;
      }
    }
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    boolean[] boundary = new boolean[n];
    long cut = 0;
    for (int u = 0; u < n; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        if (part[u] != part[v]) {
          boundary[u] = true;
          boundary[v] = true;
          cut++;
        }
      }
    }
    int[] size = new int[components];
    int[] boundarySize = new int[components];
    for (int v = 0; v < n; v++) {
      int c = componentOfPart[part[v]];
      size[c]++;
      boundarySize[c] += boundary[v] ? 1 : 0;
    }
    int[] start = new int[components + 1];
    int[] boundaryStart = new int[components + 1];
    for (int c = 0; c < components; c++) {
      start[c + 1] = start[c] + size[c];
      boundaryStart[c + 1] = boundaryStart[c] + boundarySize[c];
    }
    int[] nextBoundary = Arrays.copyOf(start, components);
    int[] nextInterior = new int[components];
    for (int c = 0; c < components; c++) {
      nextInterior[c] = start[c] + boundarySize[c];
    }
    int[] vertexAt = new int[n];
    int[] positionOf = new int[n];
    int[] componentAt = new int[n];
    int[] positionOfBoundary = new int[boundaryStart[components]];
    for (int v = 0; v < n; v++) {
      int c = componentOfPart[part[v]];
      int p = boundary[v] ? nextBoundary[c]++ : nextInterior[c]++;
      vertexAt[p] = v;
      positionOf[v] = p;
      componentAt[p] = c;
      if (boundary[v]) {
        positionOfBoundary[boundaryStart[c] + p - start[c]] = p;
      }
    }
    return new PartitionLayout(start, boundaryStart, vertexAt, positionOf, componentAt, positionOfBoundary, cut);
  }

  public int vertexCount() {
    return vertexAt.length;
  }

  /** The number of non-empty parts. */
  public int componentCount() {
    return start.length - 1;
  }

  /** The position of component c's first vertex (a boundary vertex if it has any). */
  public int componentStart(int c) {
    return start[c];
  }

  public int componentSize(int c) {
    return start[c + 1] - start[c];
  }

  /** How many of component c's vertices are boundary vertices: positions {@code start(c) .. start(c)+this-1}. */
  public int boundarySize(int c) {
    return boundaryStart[c + 1] - boundaryStart[c];
  }

  /** The boundary index of component c's first boundary vertex. */
  public int boundaryStart(int c) {
    return boundaryStart[c];
  }

  /** All boundary vertices, of every component. */
  public int boundaryVertexCount() {
    return boundaryStart[boundaryStart.length - 1];
  }

  /** Arcs whose ends lie in different components. */
  public long cutArcs() {
    return cutArcs;
  }

  /** The original vertex id at a position. */
  public int vertexAt(int position) {
    return vertexAt[position];
  }

  /** The position of an original vertex id. */
  public int positionOf(int vertex) {
    return positionOf[vertex];
  }

  /** The component holding a position. */
  public int componentAt(int position) {
    return componentAt[position];
  }

  /** The position of the boundary vertex with this boundary index. */
  public int positionOfBoundary(int boundaryIndex) {
    return positionOfBoundary[boundaryIndex];
  }

  /** The boundary index of a position, or −1 if the vertex there is interior. */
  public int boundaryIndexOf(int position) {
    int c = componentAt[position];
    int local = position - start[c];
    return local < boundarySize(c) ? boundaryStart[c] + local : -1;
  }

  /** The component sizes, in component order. */
  public int[] componentSizes() {
    int[] sizes = new int[componentCount()];
    Arrays.setAll(sizes, this::componentSize);
    return sizes;
  }

  /** The boundary sizes, in component order. */
  public int[] boundarySizes() {
    int[] sizes = new int[componentCount()];
    Arrays.setAll(sizes, this::boundarySize);
    return sizes;
  }
}

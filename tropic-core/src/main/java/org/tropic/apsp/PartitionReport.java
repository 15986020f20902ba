package org.tropic.apsp;

import java.util.Arrays;
import java.util.Locale;
import org.tropic.io.Units;

/**
 * What a partitioned APSP run works with: the components and their boundaries, the size of the boundary matrix (the
 * largest intermediate, reported before the solve starts) and of the output, and how the boundary graph was solved.
 *
 * @param parts the number of non-empty components k
 * @param componentSizes vertices per component
 * @param boundarySizes boundary vertices per component
 * @param boundaryVertices all boundary vertices, the order of the boundary graph
 * @param cutArcs arcs between components
 * @param boundaryMatrixBytes the heap the boundary matrix's Floyd–Warshall takes: its padded tiles and panels, each
 *     with its header and heap packing ({@link PartitionedMemory})
 * @param outputBytes the n × n float32 output
 * @param boundaryPartition how the boundary graph was partitioned in turn, or {@code null} when it is (to be)
 *     closed by one Floyd–Warshall
 */
public record PartitionReport(int parts, int[] componentSizes, int[] boundarySizes, int boundaryVertices,
    long cutArcs, long boundaryMatrixBytes, long outputBytes, PartitionReport boundaryPartition) {

  /** The number of vertices n. */
  public int vertexCount() {
    return Arrays.stream(componentSizes).sum();
  }

  /** Boundary vertices over all vertices. */
  public double boundaryFraction() {
    int n = vertexCount();
    return n == 0 ? 0 : (double) boundaryVertices / n;
  }

  public int largestComponent() {
    return Arrays.stream(componentSizes).max().orElse(0);
  }

  public int smallestComponent() {
    return Arrays.stream(componentSizes).min().orElse(0);
  }

  /** This report with the boundary graph's own partition recorded. */
  public PartitionReport withBoundaryPartition(PartitionReport inner) {
    return new PartitionReport(parts, componentSizes, boundarySizes, boundaryVertices, cutArcs, boundaryMatrixBytes,
        outputBytes, inner);
  }

  /**
   * How step 2 solved the boundary graph, for a run's summary: "none" without boundary vertices, "floyd-warshall"
   * when closed directly, else "partitioned again: k parts, B boundary vertices" (then its step-2 time holds a
   * whole partitioned solve, which the cost model's step-2 figure, one Floyd–Warshall, does not predict).
   */
  public String boundarySolve() {
    if (boundaryVertices == 0) {
      return "none";
    }
    if (boundaryPartition == null) {
      return "floyd-warshall";
    }
    return String.format(Locale.ROOT, "partitioned again: %d parts, %d boundary vertices%s",
        boundaryPartition.parts, boundaryPartition.boundaryVertices,
        boundaryPartition.boundaryPartition == null ? "" : ", and again below");
  }

  /** One line for logs and the command line. */
  public String summary() {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "%d part%s (%d..%d vertices), %d boundary vertices (%.1f%%), %d cut arcs, boundary matrix %s, output %s",
        parts, parts == 1 ? "" : "s", smallestComponent(), largestComponent(), boundaryVertices,
        100 * boundaryFraction(), cutArcs, Units.bytes(boundaryMatrixBytes), Units.bytes(outputBytes)));
    if (boundaryPartition != null) {
      s.append("; boundary graph partitioned again: ").append(boundaryPartition.summary());
    }
    return s.toString();
  }
}

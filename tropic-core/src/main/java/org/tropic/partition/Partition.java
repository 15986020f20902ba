package org.tropic.partition;

import java.util.Objects;

/**
 * An assignment of every vertex {@code 0..n-1} to one of {@code parts} parts. Parts may be empty (METIS sometimes
 * leaves one empty on small graphs) and need not be connected; {@link PartitionLayout} drops empty parts.
 *
 * @param parts the number of parts k ≥ 1
 * @param partOf the part of each vertex, in {@code 0..parts-1}; owned by this record, do not modify
 */
public record Partition(int parts, int[] partOf) {

  public Partition {
    Objects.requireNonNull(partOf, "partOf");
    if (parts < 1) {
      throw new IllegalArgumentException("a partition needs at least one part, got " + parts);
    }
    for (int v = 0; v < partOf.length; v++) {
      if (partOf[v] < 0 || partOf[v] >= parts) {
        throw new IllegalArgumentException("vertex " + v + " is assigned to part " + partOf[v] + ", outside 0.."
            + (parts - 1));
      }
    }
  }

  /** Every vertex in part 0. */
  public static Partition single(int n) {
    return new Partition(1, new int[n]);
  }

  /** The number of vertices. */
  public int vertexCount() {
    return partOf.length;
  }
}

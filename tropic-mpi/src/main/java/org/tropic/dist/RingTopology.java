package org.tropic.dist;

/**
 * Who receives from whom in a ring broadcast over {@code size} ranks from {@code root}. Positions are relative to the
 * root (position 0). A plain ring relays 0 → 1 → … → size−1 (ParallelFw §3.3). The ring-2-modified form of COAST
 * (§IV-B) has the root feed two rings of half the length: 0 → 1 → … → m and 0 → m+1 → … → size−1 with
 * m = ⌈(size−1)/2⌉, so the last rank waits for about half as many relays while only the root sends twice.
 *
 * @param size ranks in the communicator
 * @param root the broadcasting rank
 * @param twoRings whether this is the ring-2-modified form
 */
public record RingTopology(int size, int root, boolean twoRings) {

  public RingTopology {
    if (size < 1 || root < 0 || root >= size) {
      throw new IllegalArgumentException("root " + root + " of a ring of " + size);
    }
  }

  /** The rank that {@code rank} receives from, or −1 for the root. */
  public int predecessor(int rank) {
    int position = position(rank);
    if (position == 0) {
      return -1;
    }
    if (twoRings && position == firstRingEnd() + 1) {
      return root;
    }
    return rankAt(position - 1);
  }

  /** The ranks that {@code rank} relays to, in sending order (none for the ends of the rings). */
  public int[] successors(int rank) {
    int position = position(rank);
    int last = size - 1;
    if (position == 0) {
      if (size == 1) {
        return new int[0];
      }
      int second = firstRingEnd() + 1;
      return twoRings && second <= last ? new int[] {rankAt(1), rankAt(second)} : new int[] {rankAt(1)};
    }
    if (position == last || twoRings && position == firstRingEnd()) {
      return new int[0];
    }
    return new int[] {rankAt(position + 1)};
  }

  /** The number of relays before the farthest rank has the message. */
  public int depth() {
    return twoRings ? Math.max(firstRingEnd(), size - 1 - firstRingEnd()) : size - 1;
  }

  private int firstRingEnd() {
    return size / 2; // = ⌈(size − 1) / 2⌉
  }

  private int position(int rank) {
    if (rank < 0 || rank >= size) {
      throw new IllegalArgumentException("rank " + rank + " is not in a ring of " + size);
    }
    return (rank - root + size) % size;
  }

  private int rankAt(int position) {
    return (position + root) % size;
  }
}

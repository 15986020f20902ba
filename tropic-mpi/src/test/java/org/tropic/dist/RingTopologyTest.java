package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RingTopologyTest {

  @Property
  void everyRankReceivesExactlyOnceFromItsPredecessor(@ForAll @IntRange(min = 1, max = 40) int size,
      @ForAll @IntRange(min = 0, max = 39) int rootSeed, @ForAll boolean twoRings) {
    int root = rootSeed % size;
    RingTopology ring = new RingTopology(size, root, twoRings);
    int[] receivedFrom = new int[size];
    Arrays.fill(receivedFrom, -2);
    int[] depth = new int[size];
    ArrayDeque<Integer> frontier = new ArrayDeque<>();
    frontier.add(root);
    receivedFrom[root] = -1;
    int sends = 0;
    while (!frontier.isEmpty()) {
      int rank = frontier.poll();
      for (int next : ring.successors(rank)) {
        assertThat(receivedFrom[next]).as("rank %d receives twice", next).isEqualTo(-2);
        receivedFrom[next] = rank;
        depth[next] = depth[rank] + 1;
        frontier.add(next);
        sends++;
      }
    }
    assertThat(sends).isEqualTo(size - 1);
    for (int rank = 0; rank < size; rank++) {
      assertThat(ring.predecessor(rank)).isEqualTo(receivedFrom[rank]);
      if (rank != root) {
        assertThat(ring.successors(rank).length).isLessThanOrEqualTo(1);
      }
    }
    assertThat(Arrays.stream(depth).max().getAsInt()).isEqualTo(ring.depth());
  }

  @Test
  void ringTwoModifiedHalvesTheDepth() {
    assertThat(new RingTopology(9, 3, false).depth()).isEqualTo(8);
    RingTopology two = new RingTopology(9, 3, true);
    assertThat(two.depth()).isEqualTo(4);
    // positions 1..4 and 5..8 relative to root 3: ranks 4..7 and 8, 0, 1, 2
    assertThat(two.successors(3)).containsExactly(4, 8);
    assertThat(two.successors(7)).isEmpty();
    assertThat(two.predecessor(8)).isEqualTo(3);
    assertThat(two.successors(2)).isEmpty();
    assertThat(new RingTopology(1, 0, true).successors(0)).isEmpty();
  }
}

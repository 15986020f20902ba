package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A rank's room for its share, as the distributed run measures it before the solve. */
class HeapRoomTest {

  /**
   * Garbage as large as the twentieth kept spare, and a share that fits what looks free but not what looks free
   * less that twentieth: the heap is collected before the room is taken, so the share fits. Without collecting,
   * the garbage counted as used and the share was refused.
   */
  @Test
  void garbageIsCollectedBeforeAShareIsRefusedForTheSlack() {
    Runtime runtime = Runtime.getRuntime();
    long slack = runtime.maxMemory() / 20;
    byte[][] garbage = new byte[4][];
    for (int i = 0; i < garbage.length; i++) {
      garbage[i] = new byte[(int) Math.min(Integer.MAX_VALUE - 8, slack / 4)];
    }
    long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    assertThat(garbage[3]).isNotEmpty();
    garbage = null; // dropped only now, after "free" counted it as used
    long wanted = free - slack / 2;
    HeapCheck.Room room = HeapCheck.Room.here(wanted, 1).lessSlack();
    assertThat(room.heap()).as("room less the slack for a share of %,d bytes", wanted).isGreaterThanOrEqualTo(wanted);
  }
}

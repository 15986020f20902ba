package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The note a stopped distributed job leaves. A Ctrl-C on mpirun that fell in a save of 8 iterations printed "holds 6",
 * and the next run went on from 8: the ranks had completed the save in the second before SIGKILL.
 */
class DistributedSavesTest {
  private static final String SET = "c.ckpt.rank-*-of-2";

  @Test
  void aSaveUnderWayIsNamedBesideTheLastCompleteOne() {
    assertThat(DistributedSaves.stopNote(SET, 6, 8, 64)).isEqualTo("the checkpoint c.ckpt.rank-*-of-2 holds 6 of 64"
        + " pivot iterations on every rank, or 8 if the save under way is completed on every rank before the job ends:"
        + " run the same command to go on from the newest save all ranks hold");
  }

  @Test
  void withNoSaveUnderWayTheLastCompleteOneIsWhereTheNextRunGoesOn() {
    assertThat(DistributedSaves.stopNote(SET, 6, 0, 64)).isEqualTo("the checkpoint c.ckpt.rank-*-of-2 holds 6 of 64"
        + " pivot iterations on every rank: run the same command to go on from there");
  }

  @Test
  void theFirstSaveUnderWayMayYetBeGoneOnFrom() {
    assertThat(DistributedSaves.stopNote(SET, 0, 0, 64))
        .isEqualTo("no save of it was complete on every rank yet: the same command starts afresh");
    assertThat(DistributedSaves.stopNote(SET, 0, 2, 64)).isEqualTo("no save of it was complete on every rank yet"
        + " (the first, of 2 of 64 pivot iterations, was under way): the same command goes on from it if every rank"
        + " completed it, else starts afresh");
  }
}

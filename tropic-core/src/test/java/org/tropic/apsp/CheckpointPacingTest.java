package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Where stretches end and when saves fall due, on a clock the test sets. */
class CheckpointPacingTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aStretchIsSizedFromItsOwnPaceNotFromTheSaveAfterIt() {
    CheckpointPacing pacing = new CheckpointPacing(Duration.ofSeconds(4), 100, 0);
    assertThat(pacing.end(0)).isEqualTo(1);
    assertThat(pacing.stretchEnded(1, 1, SECOND, 5 * SECOND)).isTrue(); // 1 s an iteration; the save is overdue
    pacing.saved(15 * SECOND); // a save of 10 s: the next is due at 19 s, 4 iterations away at 1 s each
    assertThat(pacing.end(1)).isEqualTo(3); // twice the last at most; from a pace of 11 s it would be one
  }

  @Test
  void noSaveIsDueBeforeItsTimeNorAfterTheLastIteration() {
    CheckpointPacing pacing = new CheckpointPacing(Duration.ofSeconds(10), 32, 0);
    assertThat(pacing.stretchEnded(1, 1, SECOND, SECOND)).isFalse();
    assertThat(pacing.end(1)).isEqualTo(3);
    assertThat(pacing.stretchEnded(2, 3, 2 * SECOND, 3 * SECOND)).isFalse();
    assertThat(pacing.end(3)).isEqualTo(5); // 7 s left at 1 s each, but twice the last and 32/16 at most
    assertThat(pacing.stretchEnded(29, 32, 29 * SECOND, 40 * SECOND)).isFalse(); // done: nothing left to save
    assertThat(pacing.stretchEnded(2, 5, 2 * SECOND, 10 * SECOND)).isTrue();
  }
}

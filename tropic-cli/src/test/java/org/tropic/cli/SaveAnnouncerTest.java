package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What {@code apsp --checkpoint} says of its saves in a log, and counts for its summary. */
class SaveAnnouncerTest {
  private final StringWriter log = new StringWriter();
  private final SaveAnnouncer announcer =
      new SaveAnnouncer(Path.of("big.ckpt"), new ProgressBar(new PrintWriter(log, true), false));

  @Test
  void aLargeSaveIsAnnouncedBeforeAndAfterASmallOneOnlyAfter() {
    announcer.saving(3, 40, 1024);
    announcer.saved(3, 40, 1024, 0.01);
    announcer.saving(12, 40, 2L << 30);
    announcer.saved(12, 40, 2L << 30, 3.2);
    assertThat(log.toString().split("\n")).containsExactly(
        "checkpoint saved: 3 of 40 pivot iterations in big.ckpt (1.0 KiB, 0.01 s)",
        "checkpoint: saving 12 of 40 pivot iterations to big.ckpt (2.0 GiB)",
        "checkpoint saved: 12 of 40 pivot iterations in big.ckpt (2.0 GiB, 3.20 s)");
    assertThat(announcer.saves()).isEqualTo(2);
    assertThat(announcer.seconds()).isEqualTo(3.21, offset(1e-12));
  }

  @Test
  void aFailedSaveIsAWarningThatTheSolveOutlives() {
    announcer.notSaved(5, "cannot save the checkpoint big.ckpt: No space left on device");
    assertThat(log.toString()).startsWith("warning: cannot save the checkpoint big.ckpt: No space left on device;"
        + " the solve goes on without this save (after 5 pivot iterations)");
  }

  /**
   * A SIGTERM that came as a save fell due refused the save's file, and the warning said the solve went on and the
   * next save would be tried: the program was ending. It says the program is being stopped instead.
   */
  @Test
  void aSaveRefusedByAStopSaysSoNotThatTheSolveGoesOn() {
    SaveAnnouncer stopped = new SaveAnnouncer(Path.of("big.ckpt"), new ProgressBar(new PrintWriter(log, true),
        false), () -> true);
    stopped.notSaved(74, "cannot save the checkpoint big.ckpt: not writing .big.ckpt.tmp-1: the program is being"
        + " stopped");
    assertThat(log.toString()).isEqualTo("checkpoint: no save after 74 pivot iterations: the program is being"
        + " stopped" + System.lineSeparator()).doesNotContain("goes on");
  }
}

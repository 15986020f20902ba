package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;

/**
 * How the bar ends: at 100% when the work finished, where the work stood when it stopped on a failure. The bar stays
 * quiet for the first second, so each case waits that long before its first draw.
 */
class ProgressBarTest {
  private final StringWriter text = new StringWriter();

  @Test
  void aFinishedTaskEndsAtItsWhole() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(true);
    bar.end();
    String last = lastLine();
    assertThat(last).startsWith("work [##############################] 100% ").doesNotContain("ETA", "stopped");
  }

  @Test
  void aStoppedTaskEndsWhereItStoodOnATerminal() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(true);
    bar.stopped();
    bar.end(); // from a finally after the stop: changes nothing
    assertThat(lastLine()).startsWith("work [############..................]  40% ").endsWith(", stopped")
        .doesNotContain("ETA", "100%");
    assertThat(text.toString()).endsWith("\n").containsOnlyOnce("stopped");
  }

  @Test
  void aStoppedTaskSaysSoInALog() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(false);
    bar.stopped();
    bar.end();
    assertThat(text.toString()).contains("work [############..................]  40% ")
        .doesNotContain("done in", "100%");
    assertThat(lastLine()).matches("work: stopped after \\S+ s at 40%");
  }

  @Test
  void aFinishedTaskSaysSoInALog() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(false);
    bar.end();
    assertThat(lastLine()).matches("work: done in \\S+ s");
  }

  @Test
  void aNoteOnATerminalClearsTheBarAndDrawsItAgainBelow() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(true);
    bar.note("checkpoint saved");
    String[] lines = text.toString().split("\n", -1);
    assertThat(lines).hasSize(2);
    // the bar's characters are overwritten by spaces before the note, so no part of the bar shows beside it
    assertThat(lines[0]).matches("\\r.*\\r +\\rcheckpoint saved");
    assertThat(lines[1]).startsWith("\rwork [############..................]  40% ");
  }

  @Test
  void aNoteInALogIsALineOfItsOwn() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(false);
    bar.note("checkpoint saved");
    bar.end();
    assertThat(text.toString().split("\n")).containsSubsequence("checkpoint saved")
        .anyMatch(line -> line.startsWith("work [############"));
    assertThat(lastLine()).matches("work: done in \\S+ s");
  }

  /**
   * Work the task waits on (a checkpoint save) shows on the task's line: the task's bar is cleared, the other drawn
   * there until it ends on a line of its own, and the task's bar drawn again below, where it stood.
   */
  @Test
  void workAsideIsDrawnInTheBarsPlaceThenTheBarAgain() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(true);
    Progress save = bar.aside();
    save.begin("writing the checkpoint big.ckpt", 4);
    Thread.sleep(1_100);
    save.advance(2);
    save.advance(2);
    save.end();
    String[] lines = text.toString().split("\n", -1);
    assertThat(lines).hasSize(2);
    // the task's bar, blanked, then the save's drawn in its place and ended at its whole
    assertThat(lines[0]).startsWith("\rwork [############..................]  40% ")
        .containsPattern("\\r +\\r\\rwriting the checkpoint big\\.ckpt \\[")
        .contains("\rwriting the checkpoint big.ckpt [##############################] 100% ");
    assertThat(lines[1]).startsWith("\rwork [############..................]  40% ");
  }

  /** In a log the other work's lines come between the task's, as its own task's do. */
  @Test
  void workAsideInALogSaysWhenItIsDone() throws InterruptedException {
    ProgressBar bar = drawnAtFortyPercent(false);
    Progress save = bar.aside();
    save.begin("writing the checkpoint big.ckpt", 4);
    Thread.sleep(1_100);
    save.advance(4);
    save.end();
    bar.advance(6);
    bar.end();
    assertThat(text.toString()).contains("writing the checkpoint big.ckpt [##############################] 100% ")
        .containsPattern("\nwriting the checkpoint big\\.ckpt: done in \\S+ s\n");
    assertThat(lastLine()).matches("work: done in \\S+ s");
  }

  /**
   * {@code tropic apsp ... 2>log} on a terminal: System.console() (standard input and output) said terminal, so the
   * bar was redrawn into the log, a carriage-return line each 0.2 s. What standard error is decides now.
   */
  @Test
  void onlyAStandardErrorThatIsATerminalGetsTheAnimatedBar(@TempDir Path dir) throws IOException {
    Path log = Files.createFile(dir.resolve("log"));
    assertThat(ProgressBar.standardErrorIsTerminal(Files.createSymbolicLink(dir.resolve("file"), log), true))
        .isFalse();
    assertThat(ProgressBar.standardErrorIsTerminal(Files.createSymbolicLink(dir.resolve("pipe"),
        Path.of("pipe:[4242]")), true)).isFalse();
    assertThat(ProgressBar.standardErrorIsTerminal(Files.createSymbolicLink(dir.resolve("pts"),
        Path.of("/dev/pts/3")), false)).isTrue();
    // no /proc to read: the console decides, as before
    assertThat(ProgressBar.standardErrorIsTerminal(dir.resolve("absent"), true)).isTrue();
    assertThat(ProgressBar.standardErrorIsTerminal(dir.resolve("absent"), false)).isFalse();
  }

  /** A log (CI, a file, a pipe) gets at most a line per tenth and the end, however many advances come. */
  @Test
  void aLogGetsABoundedNumberOfLines() throws InterruptedException {
    ProgressBar bar = new ProgressBar(new PrintWriter(text, true), false);
    bar.begin("work", 1_000);
    Thread.sleep(1_100);
    for (int i = 0; i < 1_000; i++) {
      bar.advance(1);
      if (i % 100 == 0) {
        Thread.sleep(210); // past the redraw interval, so every tenth could draw
      }
    }
    bar.end();
    assertThat(text.toString()).doesNotContain("\r");
    assertThat(text.toString().lines().count()).isBetween(2L, 11L);
    assertThat(lastLine()).matches("work: done in \\S+ s");
  }

  /** A bar over ten units, four done after the quiet second, so it has drawn once. */
  private ProgressBar drawnAtFortyPercent(boolean terminal) throws InterruptedException {
    ProgressBar bar = new ProgressBar(new PrintWriter(text, true), terminal);
    bar.begin("work", 10);
    Thread.sleep(1_100);
    bar.advance(4);
    assertThat(text.toString()).contains(" 40% ");
    return bar;
  }

  /** The last line as a reader would see it: after the last carriage return, without trailing spaces. */
  private String lastLine() {
    String all = text.toString().stripTrailing();
    int cut = Math.max(all.lastIndexOf('\r'), all.lastIndexOf('\n'));
    return all.substring(cut + 1).strip();
  }
}

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.FloydWarshallCheckpoint;

/**
 * What the note printed on a stop says once apsp has stored its result: a SIGTERM then said "no --checkpoint was
 * given, so the same command starts afresh", exit 143, beside a complete result.
 */
class StopNoteTest {
  @TempDir
  Path dir;

  @Test
  void aStopAfterTheResultIsStoredSaysSoWithoutACheckpoint() {
    var note = (CheckpointFiles.Note) CheckpointFiles.noteOnStopWithoutCheckpoint("tropic apsp", "--checkpoint",
        new PrintWriter(new StringWriter()));
    try {
      assertThat(note.text()).startsWith("no --checkpoint was given, so the same command starts afresh");
      Path out = dir.resolve("d.npy");
      note.resultStored(out);
      assertThat(note.text()).isEqualTo("the result " + out + " was stored whole before the stop: nothing is lost"
          + " but the summary after it");
    } finally {
      note.close();
    }
  }

  @Test
  void aStopAfterTheResultIsStoredSaysTheCheckpointIsNotNeeded() {
    Path file = dir.resolve("fw.ckpt");
    var note = (CheckpointFiles.Note) CheckpointFiles.noteOnStop(new FloydWarshallCheckpoint(file,
        Duration.ofHours(1)), "tropic apsp", new PrintWriter(new StringWriter()));
    try {
      assertThat(note.text()).isEqualTo("no save of it was made yet: the same command starts afresh");
      note.resultStored(dir.resolve("d.npy"));
      assertThat(note.text()).contains("was stored whole before the stop")
          .endsWith("the checkpoint " + file + " is not needed any more: delete it");
    } finally {
      note.close();
    }
  }
}

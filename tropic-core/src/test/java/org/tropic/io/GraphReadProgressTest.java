package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;

/** A large graph file takes seconds to minutes to read: the reader says how far it is, in bytes of the file. */
class GraphReadProgressTest {
  @TempDir Path dir;

  /** What a reader told its progress: the tasks begun with their totals, the work done and how it ended. */
  private static final class Recorded implements Progress {
    final List<String> events = new ArrayList<>();
    final AtomicLong done = new AtomicLong();

    @Override
    public void begin(String task, long totalWork) {
      events.add("begin " + task + " " + totalWork);
    }

    @Override
    public void advance(long work) {
      done.addAndGet(work);
    }

    @Override
    public void end() {
      events.add("end at " + done.get());
    }

    @Override
    public void stopped() {
      events.add("stopped at " + done.get());
    }
  }

  @Test
  void aGzipFileIsCountedInTheBytesStoredAndEndsWhole() throws IOException {
    StringBuilder edges = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      edges.append(i).append(' ').append(i + 1).append(' ').append(i % 7 + 1).append('\n');
    }
    Path file = Fixtures.writeGzip(dir, "chain.edges.gz", edges.toString());
    long stored = Files.size(file);
    Recorded progress = new Recorded();

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults(), progress);

    assertThat(loaded.graph().vertexCount()).isEqualTo(20_001);
    assertThat(stored).isLessThan(edges.length()); // the total is the file's size, known before it is read
    assertThat(progress.events).containsExactly("begin reading chain.edges.gz " + stored, "end at " + stored);
  }

  @Test
  void aFileThatCannotBeReadStopsTheProgressWhereItStood() throws IOException {
    Path file = Fixtures.write(dir, "bad.edges", "1 2 3\n2 3 x\n");
    Recorded progress = new Recorded();

    assertThatThrownBy(() -> GraphReader.load(file, ReadOptions.defaults(), progress))
        .isInstanceOf(GraphInputException.class).hasMessageContaining("line 2");

    assertThat(progress.events).hasSize(3).first().isEqualTo("begin reading bad.edges 12");
    assertThat(progress.events.get(1)).startsWith("stopped at ");
  }
}

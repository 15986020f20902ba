package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line an arcs file names a vertex or an arc on, found again after the file was read as a graph. */
class MentionedLineTest {
  @TempDir
  Path dir;

  private GraphSource source(Path file, ReadOptions options) throws IOException {
    return GraphReader.load(file, options).source();
  }

  @Test
  void anEdgeListLineIsFoundPastCommentsAndBlankLinesAndOnlyAsAnEndpoint() throws IOException {
    Path file = Files.writeString(dir.resolve("arcs.edges"), "# arcs\n\nb c 7\n7 c 1\nc 7 2\n");
    GraphSource read = source(file, ReadOptions.defaults());
    assertThat(MentionedLine.find(file, read, "7", null)).as("'7' on line 3 is a weight").isEqualTo(4);
    assertThat(MentionedLine.find(file, read, "c", "7")).isEqualTo(5);
    assertThat(MentionedLine.find(file, read, "7", "b")).as("directed: not b → 7 either").isZero();
    assertThat(MentionedLine.find(file, read, "nobody", null)).isZero();
  }

  @Test
  void anUndirectedEdgeMatchesEitherWayAndACompressedFileIsReadAgain() throws IOException {
    Path file = dir.resolve("arcs.edges.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write("a b\nc d\n".getBytes(StandardCharsets.UTF_8));
    }
    GraphSource read = source(file, ReadOptions.defaults().withDirection(ReadOptions.Direction.UNDIRECTED));
    assertThat(MentionedLine.find(file, read, "d", "c")).isEqualTo(2);
  }

  @Test
  void sifTargetsAndQuotedCsvFieldsCount() throws IOException {
    Path sif = Files.writeString(dir.resolve("arcs.sif"), "a rel b\nc rel d e\n");
    assertThat(MentionedLine.find(sif, source(sif, ReadOptions.defaults()), "e", null)).isEqualTo(2);
    assertThat(MentionedLine.find(sif, source(sif, ReadOptions.defaults()), "rel", null))
        .as("a relation is no vertex").isZero();
    Path csv = Files.writeString(dir.resolve("arcs.csv"), "a,b\n\"x y\",b\n");
    assertThat(MentionedLine.find(csv, source(csv, ReadOptions.defaults()), "x y", "b")).isEqualTo(2);
  }
}

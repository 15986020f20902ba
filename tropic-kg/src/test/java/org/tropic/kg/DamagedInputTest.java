package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.GraphInputException;

/**
 * Inputs and stored graphs that are damaged or not what they claim: each is bad input ({@link GraphInputException})
 * naming the file, never a bare parser or decompressor message; and a header line is skipped with a note, never
 * read as data.
 */
class DamagedInputTest {
  @TempDir
  Path dir;

  @Test
  void aTruncatedGzipInputIsBadInputNamingTheFile() throws IOException {
    StringBuilder rows = new StringBuilder("subject\tpredicate\tobject\n");
    for (int i = 0; i < 20_000; i++) {
      rows.append('C').append(i).append("\tX\tC").append(i + 1).append('\n');
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(rows.toString().getBytes(StandardCharsets.UTF_8));
    }
    byte[] whole = gz.toByteArray();
    Path truncated = Files.write(dir.resolve("t.tsv.gz"), Arrays.copyOf(whole, whole.length / 2));

    assertThatThrownBy(() -> LiteratureTableReader.readTriples(truncated, KnowledgeGraphBuilder.allKinds(), false))
        .isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(truncated + ": corrupt or truncated gzip data")
        .hasMessageContaining("expected a complete .gz file");
    assertThatThrownBy(() -> CooccurrenceTableReader.read(truncated, KnowledgeGraphBuilder.allKinds(),
        CooccurrenceTableReader.Options.defaults())).isInstanceOf(GraphInputException.class)
        .hasMessageContaining(truncated.toString());
  }

  /** The JDK's gzip stream stopped at bytes after the data without a word: the table read as if they were not there. */
  @Test
  void bytesAfterTheGzipDataAreBadInputNamingTheFile() throws IOException {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    for (String rows : List.of("subject\tpredicate\tobject\nA\tX\tB\n", "B\tX\tC\n")) {
      try (GZIPOutputStream out = new GZIPOutputStream(gz)) { // two members: concatenated gzip, read whole
        out.write(rows.getBytes(StandardCharsets.UTF_8));
      }
    }
    Path whole = Files.write(dir.resolve("whole.tsv.gz"), gz.toByteArray());
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    assertThat(LiteratureTableReader.readTriples(whole, builder, false).rows()).isEqualTo(2);

    gz.writeBytes("\ntrailing".getBytes(StandardCharsets.UTF_8));
    Path damaged = Files.write(dir.resolve("d.tsv.gz"), gz.toByteArray());
    assertThatThrownBy(() -> LiteratureTableReader.readTriples(damaged, KnowledgeGraphBuilder.allKinds(), false))
        .isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(damaged + ": 9 bytes follow the end of its compressed data: the file is damaged or"
            + " not one gzip stream");
  }

  /** {@code head relation tail} is a header as the core's edge-list reader sees it, not the triple head–tail. */
  @Test
  void aTriplesHeaderOfAnyUsualSourceNameIsSkippedWithANote() throws IOException {
    Path triples = Files.writeString(dir.resolve("t.tsv"), "head\trelation\ttail\nA\tX\tB\t7\t2006\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = LiteratureTableReader.readTriples(triples, builder, true);
    KnowledgeGraph graph = builder.build();
    assertThat(graph.node("head")).isNegative();
    assertThat(graph.node("tail")).isNegative();
    assertThat(report.rows()).isEqualTo(1);
    assertThat(report.summary()).contains(triples + ": line 1 read as a header: head\trelation\ttail");
  }

  @Test
  void aCorruptManifestIsBadInputNamingItWithoutParserNoise() throws IOException {
    Path kg = stored();
    String json = Files.readString(kg.resolve("graph.json"));
    Files.writeString(kg.resolve("graph.json"), json.substring(0, json.length() / 2));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(kg.resolve("graph.json").toString())
        .hasMessageContaining("not a readable knowledge-graph manifest")
        .hasMessageNotContaining("Source:").hasMessageNotContaining("REDACTED");
  }

  @Test
  void anotherFormatVersionIsBadInputSayingWhichWasFoundAndWhichIsRead() throws IOException {
    Path kg = stored();
    Path manifest = kg.resolve("graph.json");
    String json = Files.readString(manifest);
    Files.writeString(manifest, json.replaceFirst("\"formatVersion\" : 1", "\"formatVersion\" : 2"));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(manifest.toString())
        .hasMessageContaining("format version 2 is not supported")
        .hasMessageContaining("formatVersion 1, the only version this Tropic reads");

    Files.writeString(manifest, json.replaceFirst("\"formatVersion\" : 1,", ""));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining("no formatVersion")
        .hasMessageContaining("formatVersion 1, the only version this Tropic reads");
  }

  /**
   * A table cut short at a line end reads cleanly row by row; without the manifest's counts the graph would answer
   * with edges silently missing (a pair whose edge was lost shows up as a "hidden" discovery).
   */
  @Test
  void aTableCutShortAtALineEndIsRefusedByTheManifestsCount() throws IOException {
    Path kg = stored();
    Path edges = kg.resolve("edges.tsv");
    List<String> lines = Files.readAllLines(edges);
    assertThat(lines).hasSize(2 + 2); // the header, A–B and each concept's occurrence in PMID:1
    Files.write(edges, lines.subList(0, 3));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(edges.toString())
        .hasMessageContaining("holds 2 edges but graph.json records 3")
        .hasMessageContaining("copy them again or rebuild the graph");

    Files.write(edges, lines);
    Path nodes = kg.resolve("nodes.tsv");
    List<String> nodeLines = Files.readAllLines(nodes);
    Files.write(nodes, nodeLines.subList(0, nodeLines.size() - 1));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(nodes.toString()).hasMessageContaining("nodes but graph.json records 3");
  }

  /**
   * Found by fuzzing stored graphs: a table cut mid-row was read with its last row's last field cut (an evidence
   * count of 10014 read as 1001, exit 0); a folder in a table's place and bytes that are not UTF-8 were I/O errors
   * naming no file ("Is a directory", "Input length = 1"), exit 1.
   */
  @Test
  void aTableCutMidRowAFolderOrNonUtf8BytesAreBadInputNamingTheTable() throws IOException {
    Path kg = stored();
    Path nodes = kg.resolve("nodes.tsv");
    byte[] written = Files.readAllBytes(nodes);
    Files.write(nodes, java.util.Arrays.copyOf(written, written.length - 2));
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(nodes.toString()).hasMessageContaining("does not end with a newline");

    byte[] binary = written.clone();
    binary[written.length - 3] = (byte) 0xff; // in the last row
    Files.write(nodes, binary);
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(nodes.toString()).hasMessageContaining("not UTF-8 text");

    Files.write(nodes, written);
    Path edges = kg.resolve("edges.tsv");
    Files.delete(edges);
    Files.createDirectory(edges);
    assertThatThrownBy(() -> KnowledgeGraphStore.read(kg)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(edges.toString()).hasMessageContaining("a folder, not a file");
  }

  /** A directory was "no such input file", though it exists: the user looks for a typo that is not there. */
  @Test
  void aDirectoryGivenAsAnInputIsSaidToBeOne() {
    assertThatThrownBy(() -> LiteratureTableReader.readTriples(dir, KnowledgeGraphBuilder.allKinds(), false))
        .isInstanceOf(GraphInputException.class).hasMessage(dir + ": is a directory; expected an input file");
  }

  /**
   * A named pipe ({@code <(zcat dump.gz)} in bash) was "no such input file", though it exists; and a triples file
   * is opened twice, so reading one would hang. It is refused saying what it is and what to give instead.
   */
  @Test
  void aNamedPipeIsRefusedSayingWhatItIs() throws Exception {
    Path fifo = dir.resolve("triples.fifo");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      Assumptions.abort("no mkfifo here: " + e.getMessage());
      return;
    }
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
    assertThatThrownBy(() -> LiteratureTableReader.readTriples(fifo, KnowledgeGraphBuilder.allKinds(), false))
        .isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(fifo + ": is not a regular file (a pipe or a device)")
        .hasMessageContaining("give a .gz as it is");
  }

  /**
   * A binary given as a triples table was read as rows: the few that happened to hold tabs were malformed, one
   * parsed, and a knowledge graph of two "concepts" was built from an executable. It is refused for what it is,
   * gzipped or not.
   */
  @Test
  void aBinaryFileGivenAsATableIsRefusedForWhatItIs() throws IOException {
    byte[] elf = new byte[600];
    System.arraycopy(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1}, 0, elf, 0, 7);
    for (int i = 64; i < elf.length; i += 40) {
      System.arraycopy("A\tX\tB\n".getBytes(StandardCharsets.US_ASCII), 0, elf, i, 6);
    }
    Path plain = Files.write(dir.resolve("triples.tsv"), elf);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(elf);
    }
    Path gzipped = Files.write(dir.resolve("triples.tsv.gz"), gz.toByteArray());
    for (Path file : List.of(plain, gzipped)) {
      assertThatThrownBy(() -> LiteratureTableReader.readTriples(file, KnowledgeGraphBuilder.allKinds(), false))
          .isInstanceOf(GraphInputException.class)
          .hasMessageStartingWith(file + ": not a text file: this is an ELF executable");
    }
  }

  private Path stored() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    builder.predication(builder.concept("A", null, null), builder.concept("B", null, null), 1, 2000);
    Path kg = dir.resolve("kg");
    KnowledgeGraphStore.write(builder.build(), List.of(), kg);
    assertThat(Files.readString(kg.resolve("graph.json"))).contains("\"formatVersion\" : 1,");
    return kg;
  }
}

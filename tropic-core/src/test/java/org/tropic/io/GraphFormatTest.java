package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tropic.io.Fixtures.assertInputError;
import static org.tropic.io.Fixtures.write;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GraphFormatTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "a.mtx, MATRIX_MARKET", "a.MTX.gz, MATRIX_MARKET", "road.gr.xz, DIMACS", "kg.sif, SIF", "k.edges.gz, EDGE_LIST",
      "k.el, EDGE_LIST", "k.edgelist, EDGE_LIST", "k.csv, CSV", "k.tsv.gz, TSV", "snap.txt, EDGE_LIST"})
  void extensionDecides(String name, GraphFormat expected) throws IOException {
    Path file = write(dir, name, "1 2\n");

    assertThat(GraphFormat.detect(file)).isEqualTo(expected);
  }

  @Test
  void ambiguousTxtIsToldByContent() throws IOException {
    Path mtx = write(dir, "m.txt", "%%MatrixMarket matrix coordinate pattern general\n1 1 0\n");
    Path dimacs = write(dir, "d.txt", "c comment\n\np sp 2 1\na 1 2 3\n");
    Path gzipped = Fixtures.writeGzip(dir, "g.txt.gz", "c x\np tw 2 1\n1 2\n");

    assertThat(GraphFormat.detect(mtx)).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertThat(GraphFormat.detect(dimacs)).isEqualTo(GraphFormat.DIMACS);
    assertThat(GraphFormat.detect(gzipped)).isEqualTo(GraphFormat.DIMACS);
    assertThat(GraphReader.read(dimacs).weight(0, 1)).isEqualTo(3f);
  }

  /**
   * Read as an edge list, a matrix's banner was a comment and its size line '3 3 1' an edge of weight 1 (3 vertices,
   * 1 arc, no error); a DIMACS 'a 1 2 3' line was the arc a → 1 of weight 2; a matrix named .gr had "no problem
   * line".
   */
  @Test
  void aBannerOrProblemLineWinsOverTheName() throws IOException {
    Path mtx = write(dir, "m.edges", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 5\n");
    Path dimacs = write(dir, "d.csv", "p sp 3 2\na 1 2 3\na 2 3 4\n");
    Path sif = Fixtures.writeGzip(dir, "s.sif.gz", "c road\np tw 3 1\n1 3\n");
    Path bom = write(dir, "bom.txt", "\uFEFF%%MatrixMarket matrix coordinate pattern general\n3 3 1\n2 3\n");
    Path gr = write(dir, "matrix.gr", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n2 3\n");

    assertThat(GraphFormat.detect(mtx)).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertThat(GraphReader.read(mtx).weight(0, 1)).isEqualTo(5f);
    assertThat(GraphFormat.detect(dimacs)).isEqualTo(GraphFormat.DIMACS);
    assertThat(GraphReader.read(dimacs).weight(1, 2)).isEqualTo(4f);
    assertThat(GraphFormat.detect(sif)).isEqualTo(GraphFormat.DIMACS);
    assertThat(GraphFormat.detect(bom)).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertThat(GraphReader.read(bom).arcCount()).isEqualTo(1);
    assertThat(GraphFormat.detect(gr)).isEqualTo(GraphFormat.MATRIX_MARKET);
  }

  /** An edge list whose first edge happens to start with p is no DIMACS file, and --format is obeyed as given. */
  @Test
  void edgeListsThatOnlyLookLikeAProblemLineStayEdgeLists() throws IOException {
    Path edges = write(dir, "e.edges", "p sp x y\nx y 2\n");
    Path mtx = write(dir, "m.edges", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 5\n");

    assertThat(GraphFormat.detect(edges)).isEqualTo(GraphFormat.EDGE_LIST);
    assertThat(GraphReader.read(mtx, ReadOptions.defaults().withFormat(GraphFormat.EDGE_LIST)).vertexCount())
        .isEqualTo(3);
  }

  /** Read as one line, 'a b\rb c\r' failed on the weight 'c' and suggested --header. */
  @Test
  void carriageReturnLineEndsAreNamed() throws IOException {
    Path mac = write(dir, "mac.edges", "a b\rb c\r");
    Path oneLine = write(dir, "one.edges", "a b 1\r");
    Path windows = write(dir, "win.mtx", "%%MatrixMarket matrix coordinate pattern general\r\n2 2 1\r\n1 2\r\n");

    assertInputError(mac, 0, "lines end in a carriage return alone", "tr '\\r' '\\n'");
    assertThat(GraphReader.read(oneLine).arcCount()).isEqualTo(1);
    assertThat(GraphReader.read(windows).arcCount()).isEqualTo(1);
  }

  /** Ignored, --weight-column 4 on a matrix read the entries' values (column 3) without a word. */
  @Test
  void aWeightColumnIsRefusedForFormatsWithoutOne() throws IOException {
    Path mtx = write(dir, "g.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 3\n");
    Path dimacs = write(dir, "g.gr", "p sp 2 1\na 1 2 3\n");
    Path sif = write(dir, "g.sif", "a pp b\n");
    Path edges = write(dir, "g.edges", "a b x 3\n");
    ReadOptions fourth = ReadOptions.defaults().withWeightColumn(4);

    assertInputError(mtx, fourth, 0, "--weight-column is for edge lists", "not Matrix Market",
        "value of each entry", "--format edges");
    assertInputError(dimacs, fourth, 0, "not DIMACS graph", "last field of each 'a' line");
    assertInputError(sif, fourth, 0, "not Simple Interaction Format, which has no weights");
    assertThat(GraphReader.read(edges, fourth).weight(0, 1)).isEqualTo(3f);
  }

  @Test
  void unknownExtensionIsToldByContentOrRefused() throws IOException {
    Path mtx = write(dir, "matrix.dat", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n");
    Path unknown = write(dir, "bcsstk16.triplet", "0 0 285559874.9195\n");

    assertThat(GraphFormat.detect(mtx)).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertInputError(unknown, 0, "cannot tell the graph format", "'.triplet'", ".mtx", "EDGE_LIST");
  }

  @Test
  void explicitFormatReadsAnyName() throws IOException {
    Path triplets = write(dir, "bcsstk16.triplet", "0 0 5\n1 0 -2\n");

    var loaded = GraphReader.load(triplets, ReadOptions.defaults().withFormat(GraphFormat.EDGE_LIST));

    assertThat(loaded.graph().weight(loaded.graph().vertex("1"), loaded.graph().vertex("0"))).isEqualTo(-2f);
  }

  @Test
  void unsupportedCompressionSaysHowToDecompress() throws IOException {
    Path file = write(dir, "g.edges.bz2", "BZh91AY&SY");

    assertInputError(file, 0, "compression not supported", "'.bz2'", "bunzip2 -k g.edges.bz2");
  }

  @Test
  void missingFileAndDirectoryAreReported() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("sub.mtx"));

    assertThatThrownBy(() -> GraphReader.read(dir.resolve("absent.mtx"))).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("absent.mtx");
    assertInputError(sub, 0, "is a directory");
  }

  /** Path.of("") is the working directory: the message was ": is a directory", naming nothing the user typed. */
  @Test
  void anEmptyNameIsNamedAsSuch() {
    GraphInputException e = Fixtures.catchInputError(Path.of(""), ReadOptions.defaults());

    assertThat(e.getMessage()).startsWith("'': the graph file name is empty; expected the path of a graph file");
  }

  /** /dev/null and a FIFO exist: "no such graph file" sent the user looking for a typo in the name. */
  @Test
  void aDeviceOrAFifoIsNamedForWhatItIsNotAsMissing() throws Exception {
    assertInputError(Path.of("/dev/null"), 0, "is a device, FIFO or socket, not a regular file");
    Path fifo = dir.resolve("pipe.edges");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    assertInputError(fifo, 0, "is a device, FIFO or socket, not a regular file");
  }

  /** '-' for standard input, the Unix habit, is said to be unsupported rather than a missing file. */
  @Test
  void aDashIsNotTakenForAMissingFile() throws Exception {
    assertInputError(Path.of("-"), 0, "standard input is not read as a graph", "save what a pipe gives to a file");
  }

  @Test
  void streamsAreReadWithAFormatFromNameOrContent() throws IOException {
    byte[] mtx = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n".getBytes(StandardCharsets.UTF_8);

    LoadedGraph loaded = GraphReader.load(new ByteArrayInputStream(mtx), "<stdin>", ReadOptions.defaults());

    assertThat(loaded.source().format()).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertThat(loaded.source().name()).isEqualTo("<stdin>");
    assertThat(loaded.graph().arcCount()).isEqualTo(1);
  }

  @Test
  void formatsAreNamedByConstantOrExtension() {
    assertThat(GraphFormat.fromName("mtx")).isEqualTo(GraphFormat.MATRIX_MARKET);
    assertThat(GraphFormat.fromName(".gr")).isEqualTo(GraphFormat.DIMACS);
    assertThat(GraphFormat.fromName("edge-list")).isEqualTo(GraphFormat.EDGE_LIST);
    assertThat(GraphFormat.fromName("Tsv")).isEqualTo(GraphFormat.TSV);
    assertThatThrownBy(() -> GraphFormat.fromName("graphml")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'graphml'").hasMessageContaining("MATRIX_MARKET");
  }

  @Test
  void truncatedGzipIsReportedAsBadInput() throws IOException {
    Path whole = Fixtures.writeGzip(dir, "w.edges.gz", "1 2\n".repeat(10_000));
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = Files.write(dir.resolve("cut.edges.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));

    GraphInputException e = org.assertj.core.api.Assertions.catchThrowableOfType(GraphInputException.class,
        () -> GraphReader.read(cut));

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains("cut.edges.gz", "corrupt or truncated GZIP data", "a complete .gz file");
  }

  /**
   * A binary file given as a graph is named for what it is; its bytes once reached the terminal raw, quoted as
   * "line 1" of an edge list.
   */
  @Test
  void binaryContentIsRefusedForWhatItIs() throws IOException {
    byte[] npy = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 'v', 0};
    byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0};
    byte[] nul = "1 2\n3 \u0000 4\n".getBytes(StandardCharsets.ISO_8859_1);
    byte[] utf16 = "\uFEFF1 2\n".getBytes(StandardCharsets.UTF_16LE);
    byte[] bcoo = {'T', 'R', 'B', 'C', 'O', 'O', '\r', '\n', 2, 0, 0, 0, 77, 0};
    String[][] cases = {{"d.npy", "a NumPy .npy array"}, {"ls.edges", "an ELF executable"},
        {"odd.edges", "binary data (a NUL byte at byte 6 of the content)"}, {"win.tsv", "UTF-16 text (save it as"
        + " UTF-8)"}, {"m.edges", "a Tropic block-COO matrix from 'sparse convert' (bfs, traverse, centrality and"
        + " spectrum map one whose name ends in .bcoo"}};
    byte[][] contents = {npy, elf, nul, utf16, bcoo};
    for (int c = 0; c < cases.length; c++) {
      Path file = Files.write(dir.resolve(cases[c][0]), contents[c]);
      assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
          .hasMessageStartingWith(file + ": not a text file: this is " + cases[c][1])
          .hasMessageContaining("expected an edge list, CSV, TSV, SIF, Matrix Market or DIMACS file");
    }
    // inside a gzip file too
    Path gzipped = dir.resolve("ls.edges.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gzipped))) {
      out.write(elf);
    }
    assertThatThrownBy(() -> GraphReader.read(gzipped)).hasMessageContaining("this is an ELF executable");
  }

  /** SuiteSparse's NAME.tar.gz given as it was downloaded was "binary data (a NUL byte at byte 7 ...)". */
  @Test
  void aTarArchiveIsNamedAsOne() throws IOException {
    byte[] header = new byte[512];
    byte[] name = "bcsstk13/bcsstk13.mtx".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(name, 0, header, 0, name.length);
    System.arraycopy("ustar".getBytes(StandardCharsets.US_ASCII), 0, header, 257, 5);
    Path tgz = dir.resolve("bcsstk13.tar.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(tgz))) {
      out.write(header);
    }

    assertInputError(tgz, 0, "not a text file: this is a tar archive (unpack it first: tar xf");
  }

  /** Control characters in a quoted field are shown escaped, on one line. */
  @Test
  void controlCharactersInAQuotedFieldAreEscaped() {
    assertThat(GraphInputException.quoted("a\u0001b\tc\u007f\u0085é")).isEqualTo("a\\x01b\tc\\x7f\\x85é");
    assertThat(GraphInputException.quoted("x".repeat(200))).hasSize(161).endsWith("…");
  }
}

package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.OutputLocationException;
import org.tropic.semiring.MinPlusKernels;

/** A Floyd–Warshall solve stopped part way and resumed from its checkpoint gives the uninterrupted distances. */
class FloydWarshallCheckpointTest {
  private static final Duration EVERY_ITERATION = Duration.ZERO;

  @TempDir
  Path dir;

  @Property(tries = 40)
  void aSolveStoppedAnywhereResumesToTheSameDistances(@ForAll @IntRange(min = 1, max = 150) int n,
      @ForAll @IntRange(min = 0, max = 5) int degree, @ForAll boolean integral, @ForAll boolean undirected,
      @ForAll @IntRange(min = 1, max = 3) int threads, @ForAll boolean lookahead,
      @ForAll @IntRange(min = 0, max = 100) int stopAtPercent, @ForAll long seed) throws IOException {
    Graph graph = graph(n, degree, integral, undirected, new Random(seed));
    var options = new FloydWarshallOptions(32, threads, null, lookahead);
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), options);
    TiledDistanceMatrix whole = solver.solve(graph, Progress.NONE);

    Path folder = Files.createTempDirectory("fw-checkpoint"); // jqwik properties get no @TempDir
    Path file = folder.resolve("fw.ckpt");
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    CountingProgress counted = new CountingProgress();
    solver.solve(graph, counted, checkpoint);
    long work = counted.done.get();
    long stopAt = work * stopAtPercent / 100;
    boolean stopped;
    Files.deleteIfExists(file);
    try {
      solver.solve(graph, new StopAfter(stopAt), checkpoint);
      stopped = false;
    } catch (StopAfter.Stop e) {
      stopped = true;
    }
    assertThat(stopped).isEqualTo(stopAt < work);

    TiledDistanceMatrix resumed = solver.solve(graph, Progress.NONE, checkpoint);
    Files.deleteIfExists(file);
    Files.delete(folder);
    float[] expected = new float[n];
    float[] actual = new float[n];
    for (int u = 0; u < n; u++) {
      whole.copyRow(u, expected);
      resumed.copyRow(u, actual);
      assertThat(actual).as("row %d", u).isEqualTo(expected);
    }
    FloydWarshallTest.assertMatchesJGraphT(graph, resumed, integral);
  }

  @Test
  void aResumedSolveSaysWhereItGoesOnAndCountsOnlyTheWorkLeft() throws IOException {
    Graph graph = graph(130, 3, true, false, new Random(1)); // 5 tiles of 32: 5 iterations of 25 tasks
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    List<String> saves = new ArrayList<>();
    var checkpoint = new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), EVERY_ITERATION,
        (done, all, bytes, seconds) -> saves.add(done + "/" + all + " " + bytes));
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(60), checkpoint))
        .isInstanceOf(StopAfter.Stop.class);
    long size = Files.size(dir.resolve("fw.ckpt"));
    assertThat(saves).containsExactly("1/5 " + size, "2/5 " + size); // every save is the same size

    CountingProgress resumed = new CountingProgress();
    List<String> tasks = new ArrayList<>();
    solver.solve(graph, new Progress() { // the save's 25 tiles read, then the 3 iterations left
      @Override
      public void begin(String task, long totalWork) {
        tasks.add(task + ": " + totalWork);
        resumed.begin(task, totalWork);
      }

      @Override
      public void advance(long work) {
        resumed.advance(work);
      }

      @Override
      public void end() {
        resumed.end();
      }
    }, checkpoint);
    assertThat(tasks).containsExactly("reading the checkpoint fw.ckpt: 25",
        "Floyd–Warshall from iteration 2 of 5: 75");
    assertThat(resumed.done.get()).isEqualTo(25 + 3 * 25);
    assertThat(resumed.ends.get()).isEqualTo(2);
  }

  @Test
  void stretchesEndNearTheNextSaveButGrowNoFasterThanTwofoldNorPastTheirShare() {
    long second = 1_000_000_000L;
    assertThat(CheckpointedSchedule.nextStretch(4, 10 * second, second, 100)).isEqualTo(8); // 10 fit: doubles only
    assertThat(CheckpointedSchedule.nextStretch(8, 3 * second, second, 100)).isEqualTo(3);
    assertThat(CheckpointedSchedule.nextStretch(8, 10 * second, 1e3, 5)).isEqualTo(5); // cheap iterations: capped
    assertThat(CheckpointedSchedule.nextStretch(8, -second, second, 100)).isOne(); // overdue: one, then the save
    assertThat(CheckpointedSchedule.nextStretch(1, Long.MAX_VALUE, 0.5, 100)).isEqualTo(2);
  }

  /** The checkpoint's folder turns into a file after the first save: later saves fail, the solve does not. */
  @Test
  void aSaveThatFailsIsToldAndTheSolveGoesOnToTheSameDistances() throws IOException {
    Graph graph = graph(130, 3, true, false, new Random(6));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    Path folder = Files.createDirectory(dir.resolve("saves"));
    List<String> heard = new ArrayList<>();
    var checkpoint = new FloydWarshallCheckpoint(folder.resolve("fw.ckpt"), EVERY_ITERATION,
        new FloydWarshallCheckpoint.SaveListener() {
          @Override
          public void saved(int done, int all, long bytes, double seconds) {
            heard.add("saved " + done);
            try {
              Files.delete(folder.resolve("fw.ckpt"));
              Files.delete(folder);
              Files.writeString(folder, "not a folder any more");
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }

          @Override
          public void notSaved(int done, String reason) {
            heard.add("not saved " + done + ": " + reason);
          }
        });
    TiledDistanceMatrix d = solver.solve(graph, Progress.NONE, checkpoint);

    assertThat(heard).hasSize(4).first().isEqualTo("saved 1");
    assertThat(heard.get(1)).startsWith("not saved 2: cannot save the checkpoint " + folder.resolve("fw.ckpt"));
    assertThat(heard.get(3)).startsWith("not saved 4: ");
    FloydWarshallTest.assertMatchesJGraphT(graph, d, true);
  }

  @Test
  void eachSaveIsAnnouncedBeforeItIsWrittenWithAboutItsSize() {
    Graph graph = graph(100, 3, true, false, new Random(11));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    List<String> heard = new ArrayList<>();
    List<Long> sizes = new ArrayList<>();
    solver.solve(graph, Progress.NONE, new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), EVERY_ITERATION,
        new FloydWarshallCheckpoint.SaveListener() {
          @Override
          public void saving(int done, int all, long bytes) {
            heard.add("saving " + done + "/" + all);
            sizes.add(bytes);
          }

          @Override
          public void saved(int done, int all, long bytes, double seconds) {
            heard.add("saved " + done + "/" + all);
            sizes.add(bytes);
          }
        }));
    assertThat(heard).containsExactly("saving 1/4", "saved 1/4", "saving 2/4", "saved 2/4", "saving 3/4",
        "saved 3/4");
    // the announced size is the tiles and an allowance for the header, the written one the tiles and the header
    assertThat(sizes.get(0) - sizes.get(1)).isBetween(0L, 4096L);
  }

  /**
   * Each save's write reports its tiles, and forcing the file to the disk, to the progress the listener gives. The
   * force weighs as much as the tiles (it took half of a save's time here): as one unit of 17 the bar read 100% for
   * the second half of every save.
   */
  @Test
  void eachSaveReportsItsWriteToTheListenersProgress() {
    Graph graph = graph(100, 3, true, false, new Random(12)); // 4 tiles a side, 16 stored
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    List<String> heard = new ArrayList<>();
    Progress writes = new Progress() {
      private long units;

      @Override
      public void begin(String task, long totalWork) {
        heard.add(task + " of " + totalWork);
        units = 0;
      }

      private long last;

      @Override
      public void advance(long work) {
        units += work;
        last = work;
      }

      @Override
      public void end() {
        heard.add("ended at " + units + ", the last step " + last);
      }
    };
    solver.solve(graph, Progress.NONE, new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), EVERY_ITERATION,
        new FloydWarshallCheckpoint.SaveListener() {
          @Override
          public void saved(int done, int all, long bytes, double seconds) {
            heard.add("saved " + done);
          }

          @Override
          public Progress writing() {
            return writes;
          }
        }));
    assertThat(heard).containsExactly("writing the checkpoint fw.ckpt of 32", "ended at 32, the last step 16",
        "saved 1", "writing the checkpoint fw.ckpt of 32", "ended at 32, the last step 16", "saved 2",
        "writing the checkpoint fw.ckpt of 32", "ended at 32, the last step 16", "saved 3");
  }

  @Test
  void noSaveIsMadeBeforeItIsDue() {
    Graph graph = graph(100, 3, true, false, new Random(2));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    solver.solve(graph, Progress.NONE, new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), Duration.ofHours(1)));
    assertThat(dir.resolve("fw.ckpt")).doesNotExist();
  }

  @Test
  void aSaveOfAnotherGraphOrSolveIsRefusedWithWhatDiffers() {
    Path file = dir.resolve("fw.ckpt");
    Graph first = graph(100, 3, true, false, new Random(3));
    var b32 = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    assertThatThrownBy(() -> b32.solve(first, new StopAfter(20), new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(StopAfter.Stop.class);

    Graph second = graph(100, 3, true, false, new Random(4));
    assertThatThrownBy(() -> b32.solve(second, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("checkpoint " + file + ": it was saved by another solve: graph fingerprint "
            + first.fingerprint() + " there, " + second.fingerprint() + " here")
        .hasMessageContaining("delete it to start afresh");
    var b64 = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(64, 2, null, true));
    assertThatThrownBy(() -> b64.solve(first, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tile size (--block) 32 there, 64 here");
    var idOrder = new BlockedFloydWarshall(MinPlusKernels.best(),
        new FloydWarshallOptions(32, 2, null, true).withPivotOrder(false));
    assertThatThrownBy(() -> idOrder.solve(first, Progress.NONE, new FloydWarshallCheckpoint(file, EVERY_ITERATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageMatching(".*vertex order \\(--no-pivot-order\\) pivot order crc32c [0-9a-f]{8} there, ids here.*");
  }

  @Test
  void aCorruptTruncatedOrForeignFileIsRefused() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Graph graph = graph(100, 3, false, true, new Random(5));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(25), checkpoint)).isInstanceOf(StopAfter.Stop.class);
    byte[] saved = Files.readAllBytes(file);

    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(saved.length - 100); // a byte of the last tile
      raw.write(saved[saved.length - 100] ^ 1);
    }
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match their checksum");

    Files.write(file, java.util.Arrays.copyOf(saved, saved.length - 4096));
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(truncated?)");

    Files.writeString(file, "u v w\n1 2 3\n");
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a Tropic Floyd–Warshall checkpoint");
  }

  @Test
  void aSaveWhoseHeaderWasChangedIsRefusedNotResumedPastIterationsNeverRun() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Graph graph = graph(130, 3, true, false, new Random(6)); // 5 tiles of 32: 5 iterations of 25 tasks
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(30), checkpoint)).isInstanceOf(StopAfter.Stop.class);
    String saved = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
    assertThat(saved).contains("\"iterationsDone\":1,");

    // '1' → '3' is one flipped bit; resumed from, iterations 1 and 2 would never run
    Files.write(file, saved.replace("\"iterationsDone\":1,", "\"iterationsDone\":3,")
        .getBytes(StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("checkpoint " + file + ": its header and tiles do not match their checksum: the file is corrupt");
    assertThat(file).exists();
  }

  /**
   * A header with a field missing or out of range, even under a checksum that matches, is refused as corrupt: a
   * rank's part on a grid of 1x0 once divided by zero in {@code tropic info}, and a save without its graph
   * fingerprint met a null pointer in a resume, each an internal error. ("gridColumns":2 → 0 is one flipped bit.)
   */
  @Test
  void aSaveWithAHeaderFieldMissingOrOutOfRangeIsRefusedAsCorrupt() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Graph graph = graph(100, 3, true, false, new Random(8));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(20), checkpoint)).isInstanceOf(StopAfter.Stop.class);
    byte[] saved = Files.readAllBytes(file);

    for (String part : List.of("{\"gridRows\":1,\"gridColumns\":0,\"rank\":0}",
        "{\"gridRows\":0,\"gridColumns\":1,\"rank\":0}", "{\"gridRows\":2,\"gridColumns\":2,\"rank\":4}",
        "{\"gridRows\":1,\"gridColumns\":1,\"rank\":-1}")) {
      Files.write(file, withHeader(saved,
          json -> json.replace(",\"saved\":", ",\"part\":" + part + ",\"saved\":")));
      assertThatThrownBy(() -> FloydWarshallCheckpoint.verify(file, Progress.NONE))
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("checkpoint " + file + ": its header")
          .hasMessageEndingWith("the file is corrupt");
    }
    for (String field : List.of("graphFingerprint", "arithmetic", "pivotOrder")) {
      Files.write(file, withHeader(saved,
          json -> json.replaceFirst("\"" + field + "\":\"[^\"]*\"", "\"" + field + "\":null")));
      assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("checkpoint " + file + ": its header lacks the graph fingerprint, the arithmetic or the vertex"
              + " order: the file is corrupt");
    }
    for (String edit : List.of("\"blockSize\":0", "\"blockSize\":2147483647", "\"iterations\":2147483647",
        "\"iterationsDone\":9", "\"iterationsDone\":-1")) {
      String field = edit.substring(0, edit.indexOf(':') + 1);
      Files.write(file, withHeader(saved, json -> json.replaceFirst(field + "\\d+", edit)));
      assertThatThrownBy(() -> FloydWarshallCheckpoint.verify(file, Progress.NONE))
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("checkpoint " + file + ": its header")
          .hasMessageContaining("pivot iterations done: the file is corrupt");
    }
    assertThat(file).exists();
  }

  /** {@code save} with its JSON header rewritten by {@code edit}, under the checksum of the new header and tiles. */
  private static byte[] withHeader(byte[] save, java.util.function.UnaryOperator<String> edit) {
    ByteBuffer in = ByteBuffer.wrap(save).order(ByteOrder.LITTLE_ENDIAN);
    int length = in.getInt(8);
    String json = new String(save, 12, length, StandardCharsets.UTF_8);
    byte[] edited = edit.apply(json).getBytes(StandardCharsets.UTF_8);
    assertThat(edited).isNotEqualTo(json.getBytes(StandardCharsets.UTF_8));
    int tiles = save.length - 12 - length - Long.BYTES;
    CRC32C crc = new CRC32C();
    crc.update(edited);
    crc.update(save, 12 + length, tiles);
    ByteBuffer out = ByteBuffer.allocate(12 + edited.length + tiles + Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    out.put(save, 0, 8).putInt(edited.length).put(edited).put(save, 12 + length, tiles).putLong(crc.getValue());
    return out.array();
  }

  /** Version 1 (a CRC32C of the tiles alone, never released) let an edited header resume: it is refused. */
  @Test
  void aSaveOfTheFirstFormatIsRefusedAndKept() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Graph graph = graph(130, 3, true, false, new Random(7));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION);
    assertThatThrownBy(() -> solver.solve(graph, new StopAfter(60), checkpoint)).isInstanceOf(StopAfter.Stop.class);
    writeAsVersionOne(file);

    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, checkpoint))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("checkpoint " + file + ": checkpoint format version 1 is not supported (this Tropic reads"
            + " version 2)");
    assertThat(file).exists();
  }

  /** Rewrites a save as the first format wrote it: version 1 in the JSON, the CRC32C of the tiles alone. */
  private static void writeAsVersionOne(Path file) throws IOException {
    ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    int length = in.getInt(8);
    String json = new String(in.array(), 12, length, StandardCharsets.UTF_8);
    assertThat(json).startsWith("{\"formatVersion\":2,");
    byte[] v1 = json.replace("{\"formatVersion\":2,", "{\"formatVersion\":1,").getBytes(StandardCharsets.UTF_8);
    int tiles = in.capacity() - 12 - length - Long.BYTES;
    CRC32C crc = new CRC32C();
    crc.update(in.array(), 12 + length, tiles);
    ByteBuffer out = ByteBuffer.allocate(12 + v1.length + tiles + Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    out.put(in.array(), 0, 8).putInt(v1.length).put(v1).put(in.array(), 12 + length, tiles).putLong(crc.getValue());
    Files.write(file, out.array());
  }

  @Test
  void aFolderOrFifoNamedAsTheCheckpointIsRefusedNamingIt() throws Exception {
    Graph graph = graph(100, 3, true, false, new Random(8));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    Path folder = Files.createDirectory(dir.resolve("saves"));
    var inFolder = new FloydWarshallCheckpoint(folder, EVERY_ITERATION);
    assertThatThrownBy(inFolder::saved).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("checkpoint " + folder + ": it is a folder, not a checkpoint file; give the name of a file (or"
            + " of none yet)");
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, inFolder))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("it is a folder");

    Path fifo = dir.resolve("fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    // read, a FIFO with no writer blocks for ever; refused, it returns at once
    assertThatThrownBy(new FloydWarshallCheckpoint(fifo, EVERY_ITERATION)::saved)
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("it is a device, FIFO or socket");
  }

  @Test
  void partialSavesAKillLeftAreDeletedAndNothingElse() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    Path leftover = Files.write(dir.resolve(".fw.ckpt.tmp-0123456789abcdef"), new byte[1000]);
    Path another = Files.write(dir.resolve(".fw.ckpt.tmp-fedcba9876543210"), new byte[24]);
    Path otherSaves = Files.write(dir.resolve(".other.ckpt.tmp-0123456789abcdef"), new byte[10]);
    Path notOurs = Files.write(dir.resolve(".fw.ckpt.tmp-mine"), new byte[10]);
    Path result = Files.write(dir.resolve(".out.npy.tmp-0123456789abcdef"), new byte[10]);
    var checkpoint = new FloydWarshallCheckpoint(file, Duration.ofHours(1));
    assertThat(checkpoint.deleteLeftovers()).isEqualTo(1024);
    assertThat(leftover).doesNotExist();
    assertThat(another).doesNotExist();
    assertThat(otherSaves).exists();
    assertThat(notOurs).exists();
    assertThat(result).exists();
    assertThat(checkpoint.deleteLeftovers()).isZero();

    Files.write(leftover, new byte[10]);
    new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true))
        .solve(graph(70, 3, true, false, new Random(9)), Progress.NONE, checkpoint);
    assertThat(leftover).as("a solve with a checkpoint deletes them as it starts").doesNotExist();
  }

  /**
   * The space asked before the solve is what the run holds at its fullest: afresh, a save and the next one written
   * beside it; then the result beside the last save. One save's room alone let a disk that fits one save run the
   * whole solve and fail at its second save, or after the solve at the result.
   */
  @Test
  void theSpaceCheckedIsTwoSavesOrASaveAndTheResult() throws IOException {
    Path file = dir.resolve("fw.ckpt");
    long usable = Files.getFileStore(dir).getUsableSpace();
    int n = (int) Math.sqrt(0.6 * usable / Float.BYTES) / 32 * 32; // one save ≈ 60% of the disk, two do not fit
    long save = TiledDistanceMatrix.storageBytes(n, 32, false);
    assertThat((double) save / usable).isBetween(0.5, 0.65);
    var checkpoint = new FloydWarshallCheckpoint(file, Duration.ofHours(1));

    assertThatThrownBy(() -> checkpoint.checkWritable(n, 32, false, null, 0))
        .isInstanceOf(OutputLocationException.class)
        .hasMessageContaining("not enough disk space for the checkpoint " + file)
        .hasMessageContaining("the run holds two saves at once");

    Files.writeString(file, "an earlier save, whose bytes are already on the disk");
    checkpoint.checkWritable(n, 32, false, null, 0);
    Path result = dir.resolve("out.npy");
    assertThatThrownBy(() -> checkpoint.checkWritable(n, 32, false, result, usable + 1))
        .isInstanceOf(OutputLocationException.class)
        .hasMessageContaining("the run holds the result " + result);
  }

  /** The command line prints a failed save's reason as a warning: the reason must name the checkpoint. */
  @Test
  void aSaveThatCannotBeWrittenIsToldNamingTheCheckpoint() throws IOException {
    Path notAFolder = Files.writeString(dir.resolve("plain"), "a file where the checkpoint's folder would be");
    Path file = notAFolder.resolve("fw.ckpt");
    Graph graph = graph(100, 3, true, false, new Random(10));
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true));
    List<String> reasons = new ArrayList<>();
    var checkpoint = new FloydWarshallCheckpoint(file, EVERY_ITERATION, new FloydWarshallCheckpoint.SaveListener() {
      @Override
      public void saved(int done, int all, long bytes, double seconds) {
        reasons.add("saved");
      }

      @Override
      public void notSaved(int done, String reason) {
        reasons.add(reason);
      }
    });
    solver.solve(graph, Progress.NONE, checkpoint);
    assertThat(reasons).hasSize(3).allMatch(r -> r.startsWith("cannot save the checkpoint " + file + ": "));
  }

  /**
   * A leftover that cannot be deleted (on a read-only mount; here an immutable file) is left for the checks that
   * follow, which name the checkpoint: it made the run fail with exit 1 naming the leftover.
   */
  @Test
  void aLeftoverThatCannotBeDeletedIsLeftInPlace() throws Exception {
    Path stuck = Files.write(dir.resolve(".fw.ckpt.tmp-0123456789abcdef"), new byte[10]);
    Path freed = Files.write(dir.resolve(".fw.ckpt.tmp-fedcba9876543210"), new byte[20]);
    Assumptions.assumeTrue(new ProcessBuilder("chattr", "+i", stuck.toString()).start().waitFor() == 0,
        "chattr +i works here (root on a file system that has it)");
    try {
      assertThat(new FloydWarshallCheckpoint(dir.resolve("fw.ckpt"), EVERY_ITERATION).deleteLeftovers())
          .isEqualTo(20);
      assertThat(stuck).exists();
      assertThat(freed).doesNotExist();
    } finally {
      new ProcessBuilder("chattr", "-i", stuck.toString()).start().waitFor();
    }
  }

  /** Random arcs; undirected ones both ways with equal non-negative weights, so the upper triangle is solved. */
  private static Graph graph(int n, int degree, boolean integral, boolean undirected, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < degree; e++) {
        int v = random.nextInt(n);
        float w = integral ? random.nextInt(50) : random.nextFloat() * 50;
        builder.addArc(u, v, w);
        if (undirected) {
          builder.addArc(v, u, w);
        }
      }
    }
    return builder.build();
  }

  /** Stops the solve, as a crash or a kill would, once {@code limit} units of work are done. */
  private static final class StopAfter implements Progress {
    static final class Stop extends RuntimeException {
      Stop() {
        super("stopped for the test");
      }
    }

    private final long limit;
    private final AtomicLong done = new AtomicLong();

    StopAfter(long limit) {
      this.limit = limit;
    }

    @Override
    public void begin(String task, long totalWork) {}

    @Override
    public void advance(long work) {
      if (done.addAndGet(work) > limit) {
        throw new Stop();
      }
    }

    @Override
    public void end() {}
  }
}

package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.io.OutputLocationException;

/**
 * The ranks' agreement on which save to go on from, each rank a thread and the allreduce a barrier over them, and
 * how a rank's two generations are named, written and refused.
 */
class RankCheckpointTest {
  @TempDir
  Path dir;

  /** The minimum over "ranks" that are threads: each posts its value, all wait, all read the minimum. */
  private static final class ThreadAllreduce {
    private final CyclicBarrier posted;
    private final CyclicBarrier read;
    private final AtomicLong min = new AtomicLong(Long.MAX_VALUE);

    ThreadAllreduce(int ranks) {
      posted = new CyclicBarrier(ranks);
      read = new CyclicBarrier(ranks, () -> min.set(Long.MAX_VALUE));
    }

    long of(long value) {
      try {
        min.accumulateAndGet(value, Math::min);
        posted.await();
        long result = min.get();
        read.await(); // the last to read resets it for the next round
        return result;
      } catch (InterruptedException | BrokenBarrierException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** Runs the agreement on one thread per rank, each with its held counts; returns each rank's answer. */
  private static List<Integer> agree(List<List<Integer>> held) throws InterruptedException {
    ThreadAllreduce allreduce = new ThreadAllreduce(held.size());
    int[] answers = new int[held.size()];
    List<Thread> ranks = new ArrayList<>();
    for (int r = 0; r < held.size(); r++) {
      int rank = r;
      ranks.add(Thread.ofPlatform().start(() -> answers[rank] = RankCheckpoint.newestHeldByAll(held.get(rank),
          allreduce::of)));
    }
    for (Thread t : ranks) {
      t.join(10_000);
    }
    List<Integer> out = new ArrayList<>();
    for (int a : answers) {
      out.add(a);
    }
    return out;
  }

  @Test
  void theRanksTakeTheNewestSaveEveryOneHolds() throws InterruptedException {
    // a kill between rank 0's rename and rank 1's: rank 0 holds 30 and 20, rank 1 still 10 and 20
    assertThat(agree(List.of(List.of(30, 20), List.of(10, 20)))).containsOnly(20);
    // a save that failed on rank 2 and then a kill: no common newest, but all still hold 20
    assertThat(agree(List.of(List.of(40, 20), List.of(20, 40), List.of(20, 10)))).containsOnly(20);
    // every rank done saving: the newest
    assertThat(agree(List.of(List.of(7, 9), List.of(9, 7), List.of(9, 7), List.of(7, 9)))).containsOnly(9);
    // a kill before the first save was complete on all ranks: none, the job starts afresh
    assertThat(agree(List.of(List.of(5), List.of()))).containsOnly(-1);
    assertThat(agree(List.of(List.of(5, 3), List.of(4, 2)))).containsOnly(-1);
    assertThat(agree(List.of(List.of(), List.of()))).containsOnly(-1);
  }

  /** Whatever the ranks hold, they all answer the largest count in every rank's set, or −1 when there is none. */
  @Property(tries = 200)
  void theAnswerIsTheLargestCountInEverySet(@ForAll @Size(min = 1, max = 5) List<@Size(max = 2) List<
      @IntRange(min = 0, max = 12) Integer>> held) throws InterruptedException {
    int expected = -1;
    for (int count : held.getFirst()) {
      int c = count;
      if (held.stream().allMatch(h -> h.contains(c))) {
        expected = Math.max(expected, c);
      }
    }
    assertThat(agree(held)).containsOnly(expected);
  }

  private static final PartCheckpointFile.Solve SOLVE =
      new PartCheckpointFile.Solve("fp", 64, 32, "int32", 1, 2, 0);

  private static PartCheckpointFile.Tiles tiles(float value) {
    return new PartCheckpointFile.Tiles() {
      @Override
      public int count() {
        return 2;
      }

      @Override
      public float[] tile(int index) {
        float[] tile = new float[32 * 32];
        java.util.Arrays.fill(tile, value);
        return tile;
      }
    };
  }

  /** A save never replaces the generation that holds the last save all ranks completed. */
  @Test
  void aSaveGoesToTheGenerationThatDoesNotHoldTheLastCompleteOne() {
    RankCheckpoint files = new RankCheckpoint(dir.resolve("c.ckpt"), 0, 2);
    assertThat(files.generation(1)).isEqualTo(dir.resolve("c.ckpt.rank-0-of-2.1"));
    long[] first = files.save(SOLVE, tiles(1), 1, 2);
    assertThat(first[0]).isZero();
    files.completed(0);
    long[] failedElsewhere = files.save(SOLVE, tiles(2), 2, 2); // another rank failed: not completed
    assertThat(failedElsewhere[0]).isOne();
    assertThat(files.save(SOLVE, tiles(3), 2, 2)[0]).isOne(); // generation 0 still holds the complete save
    assertThat(files.held()).containsEntry(1, 0).containsEntry(2, 1);
    files.completed(1);
    assertThat(files.save(SOLVE, tiles(4), 2, 2)[0]).isZero();
  }

  @Test
  void partsOfAnotherJobSizeAreRefusedNamingThem() throws IOException {
    Files.writeString(dir.resolve("c.ckpt.rank-3-of-4.1"), "x");
    Files.writeString(dir.resolve("c.ckpt.other"), "x");
    Files.writeString(dir.resolve("c.ckpt.rank-0-of-2.0.tmp"), "x");
    Files.writeString(dir.resolve("d.ckpt.rank-0-of-2.0"), "x");
    RankCheckpoint.refuseOtherJobSizes(dir.resolve("c.ckpt"), 4); // its own size, and files not parts: fine
    assertThatThrownBy(() -> RankCheckpoint.refuseOtherJobSizes(dir.resolve("c.ckpt"), 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("c.ckpt.rank-3-of-4.1: it is a part of a save of 4 ranks, and this job has 2")
        .hasMessageContaining("mpirun -np 4");
  }

  /**
   * Ranks whose parts go to one disk (here, as on a parallel file system, one folder) each fit alone but not
   * together: each rank's own check passes, the shared one refuses with the ranks' total, and a disk only one rank
   * writes to is left to that rank's own check.
   */
  @Test
  void ranksSharingADiskAreCheckedTogether() throws IOException {
    RankCheckpoint zero = new RankCheckpoint(dir.resolve("c.ckpt"), 0, 2);
    RankCheckpoint one = new RankCheckpoint(dir.resolve("c.ckpt"), 1, 2);
    assertThat(zero.storeKey()).isEqualTo(one.storeKey());
    long part = Files.getFileStore(dir).getUsableSpace() / 3; // two generations: 2/3 of the disk a rank
    zero.checkWritable(part, null, 0);
    one.checkWritable(part, null, 0);
    long together = zero.need(part, null, 0) + one.need(part, null, 0);
    assertThat(together).isEqualTo(4 * part);
    assertThatThrownBy(() -> zero.checkShared(2, together))
        .isInstanceOf(OutputLocationException.class)
        .hasMessageContaining("not enough disk space for the checkpoint " + dir.resolve("c.ckpt") + ".rank-*-of-2:"
            + " 2 ranks keep two saves of their tiles on ")
        .hasMessageContaining(String.format(java.util.Locale.ROOT, "%,d bytes", together));
    zero.checkShared(1, together); // one rank on its disk: its own check was the whole of it
  }

  /**
   * A folder given as FILE once passed: the parts went beside it ({@code dir.rank-0-of-2.0}), not into it, where a
   * run on one node refuses a folder. Refused the same way.
   */
  @Test
  void aFolderGivenAsTheCheckpointIsRefused() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("saves"));
    assertThatThrownBy(() -> RankCheckpoint.refuseOtherJobSizes(folder, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("checkpoint " + folder + ": it is a folder, not a checkpoint file");
  }

  /** A job whose first save never came due has no parts: rank 0 then does not say it deleted them. */
  @Test
  void deletingSaysWhetherThereWasAnyPart() throws IOException {
    RankCheckpoint files = new RankCheckpoint(dir.resolve("c.ckpt"), 0, 2);
    assertThat(files.delete()).isFalse();
    files.save(SOLVE, tiles(1), 1, 2);
    assertThat(files.delete()).isTrue();
    assertThat(files.generation(0)).doesNotExist();
  }

  /** A small graph's save read "0.0 MiB a save in all". */
  @Test
  void theSavingNoteSaysASmallSaveInKib() {
    assertThat(RankCheckpoint.savingNote(Path.of("/s/c.ckpt"), 2, "15 min 00 s", 20_000))
        .isEqualTo("note: saving the solve to /s/c.ckpt.rank-*-of-2 every 15 min 00 s, 19.5 KiB a save in all;"
            + " run the same command again to go on from the last save if it stops");
    assertThat(RankCheckpoint.savingNote(Path.of("c.ckpt"), 4, "2 s", 99_700_000)).contains("95.1 MiB a save");
  }

  /** A single-node save under the name given is never read by a distributed job: refused, not passed over. */
  @Test
  void aSingleNodeSaveUnderTheNameIsRefused() throws IOException {
    Path file = dir.resolve("c.ckpt");
    Files.write(file, "TROPICFW and more".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertThatThrownBy(() -> RankCheckpoint.refuseOtherJobSizes(file, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("checkpoint " + file + ": it is a single-node save, which a distributed job cannot"
            + " go on from");
  }

  @Test
  void aGenerationOfAnotherSolveIsRefusedAndKept() throws IOException {
    RankCheckpoint files = new RankCheckpoint(dir.resolve("c.ckpt"), 0, 2);
    files.save(SOLVE, tiles(1), 1, 2);
    var other = new PartCheckpointFile.Solve("fp", 64, 32, "int32", 2, 1, 0);
    assertThatThrownBy(() -> files.checkOf(other, 2))
        .hasMessageContaining("process grid (--grid) 1x2 there, 2x1 here");
    assertThat(files.generation(0)).exists();
    Files.writeString(files.generation(1), "not a checkpoint");
    assertThatThrownBy(() -> files.checkOf(SOLVE, 2)).hasMessageContaining("does not start with TROPICFW");
  }
}

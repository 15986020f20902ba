package org.tropic.cli.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.HeapFootprint;
import org.tropic.dist.CostModel;
import org.tropic.dist.MachineParameters;
import org.tropic.dist.ProcessGrid;

class ModelMemoryTest {
  private static final CostModel SUMMIT = new CostModel(MachineParameters.summit());
  /** Frontier's kernel rate grows with b, so its fastest plan takes the largest tiles and memory can decide. */
  private static final CostModel FRONTIER = new CostModel(MachineParameters.frontier());

  @Test
  void countsTheRunsArraysInFloatsOnADeviceAndWithTheirHeapFootprintOnAHeap() {
    ProcessGrid grid = new ProcessGrid(2, 2);
    long arrays = SUMMIT.predict(4096, grid, 256).arraysPerProcess();
    assertThat(new ModelMemory(SUMMIT, 0, false).needed(4096, grid, 256)).isEqualTo(arrays * 256 * 256 * 4);
    assertThat(new ModelMemory(SUMMIT, 0, true).needed(4096, grid, 256))
        .isEqualTo(arrays * HeapFootprint.floatArray(256 * 256));
  }

  @Test
  void withoutALimitTheChoiceIsTheFastest() {
    ModelMemory.Choice choice = new ModelMemory(SUMMIT, 0, false).choose(50_000, 16, null, null);
    CostModel.Plan fastest = SUMMIT.recommend(50_000, 16);
    assertThat(choice.grid()).isEqualTo(fastest.grid());
    assertThat(choice.blockSize()).isEqualTo(fastest.blockSize());
    assertThat(choice.note()).isNull();
  }

  /** A limit a byte short of what the fastest takes: another plan is chosen, and said so. */
  @Test
  void aFastestThatDoesNotFitGivesWayToOneThatDoes() {
    CostModel.Plan fastest = FRONTIER.recommend(50_000, 16);
    ModelMemory unlimited = new ModelMemory(FRONTIER, 0, false);
    long fastestNeeds = unlimited.needed(50_000, fastest.grid(), fastest.blockSize());
    ModelMemory memory = new ModelMemory(FRONTIER, fastestNeeds - 1, false);
    ModelMemory.Choice choice = memory.choose(50_000, 16, null, null);
    assertThat(memory.fits(50_000, choice.grid(), choice.blockSize())).isTrue();
    assertThat(choice.note()).startsWith("chosen for memory: the fastest, grid " + fastest.grid() + " and b = "
        + fastest.blockSize());
  }

  /**
   * Whatever n, p and memory: the choice fits, or nothing of p processes does and the note says so, naming a
   * process count whose plan fits.
   */
  @Property(tries = 300)
  void theChoiceFitsOrNothingDoes(@ForAll @IntRange(min = 100, max = 200_000) int n,
      @ForAll @IntRange(min = 1, max = 64) int p, @ForAll @LongRange(min = 1L << 20, max = 1L << 36) long limit,
      @ForAll boolean frontier) {
    ModelMemory memory = new ModelMemory(frontier ? FRONTIER : SUMMIT, limit, false);
    ModelMemory.Choice choice;
    try {
      choice = memory.choose(n, p, null, null);
    } catch (IllegalArgumentException tooSmall) {
      return; // n too small to spread over p processes, refused as before
    }
    if (memory.fits(n, choice.grid(), choice.blockSize())) {
      assertThat(choice.note()).satisfiesAnyOf(note -> assertThat(note).isNull(),
          note -> assertThat(note).startsWith("chosen for memory"));
      return;
    }
    assertThat(choice.note()).startsWith("does not fit");
    for (int rows = 1; rows <= p; rows++) {
      if (p % rows == 0) {
        for (int b : CostModel.blockSizes()) {
          ProcessGrid grid = new ProcessGrid(rows, p / rows);
          boolean everyRowAndColumnHasATile = (n + b - 1) / b >= Math.max(rows, p / rows);
          assertThat(everyRowAndColumnHasATile && memory.fits(n, grid, b)).as("%s b=%d", grid, b).isFalse();
        }
      }
    }
    Matcher advice = Pattern.compile("([\\d,]+) processes of .* each would fit \\(grid (\\d+)x(\\d+), b = (\\d+)\\)")
        .matcher(choice.note());
    if (advice.find()) {
      ProcessGrid grid = new ProcessGrid(Integer.parseInt(advice.group(2)), Integer.parseInt(advice.group(3)));
      assertThat(grid.size()).isEqualTo(Integer.parseInt(advice.group(1).replace(",", ""))).isGreaterThan(p);
      assertThat(memory.fits(n, grid, Integer.parseInt(advice.group(4)))).isTrue();
    }
  }

  /** A block size given too large for the grid: the advice names one of the same processes that fits. */
  @Test
  void aGivenBlockTooLargeIsToldWhatFits() {
    ProcessGrid grid = new ProcessGrid(4, 4);
    ModelMemory memory = new ModelMemory(FRONTIER, new ModelMemory(FRONTIER, 0, false).needed(20_000, grid, 256),
        false);
    ModelMemory.Choice choice = memory.choose(20_000, 16, grid, 1024);
    assertThat(choice.blockSize()).isEqualTo(1024);
    assertThat(choice.note()).startsWith("does not fit").containsPattern("grid \\d+x\\d+ with b = \\d+ fits");
  }

  /**
   * n = 3e9 on one process: a share past what a long counts. Its bytes wrapped to a negative count, which "fit"
   * 8 GiB with no note; now it is more than the most a long counts, and does not fit.
   */
  @Test
  void aShareTooLargeToCountDoesNotFit() {
    for (boolean onHeap : new boolean[] {false, true}) {
      ModelMemory memory = new ModelMemory(SUMMIT, 8L << 30, onHeap);
      ModelMemory.Choice choice = memory.choose(3_000_000_000L, 1, null, null);
      assertThat(memory.needed(3_000_000_000L, choice.grid(), choice.blockSize())).isEqualTo(Long.MAX_VALUE);
      assertThat(memory.fits(3_000_000_000L, choice.grid(), choice.blockSize())).isFalse();
      assertThat(choice.note()).startsWith("does not fit: the busiest process's share takes more than 8192.0 PiB,"
          + " more than the 8.0 GiB a process has");
    }
  }

  /**
   * Each rank of mpirun -np 2 here is bound to one core and gets the serial collector, whose maxMemory() lacks a
   * survivor space: cond-mat (n = 16,264) on 1x2 with b = 32 needs 543,166,416 bytes, which the model said fit two
   * ranks of -Xmx565m, and the run was refused with 537,583,616 bytes free.
   */
  @Test
  void aHeapJustTooSmallForARankUnderTheSerialCollectorIsNotCountedAsFitting() {
    long heap = 565L << 20;
    assertThat(ModelMemory.localLimit(heap, 1, RankCollector.SERIAL)).isLessThan(543_166_416L);
    assertThat(RankCollector.SERIAL.maxMemory(1L << 30)).isBetween(1_037_000_000L, 1_038_000_000L); // measured
  }

  /**
   * A rank of mpirun -np 2 bound to one core gets the serial collector, which packs arrays end to end: power (n =
   * 4,941) on 1x2 with b = 512 takes 101.0 MiB a rank, and ran on two ranks of -Xmx118m (refused at 116m). Counted in
   * G1's 1 MiB regions, where a 512 × 512 tile takes two, the model said 202.0 MiB, more than a 160 MiB heap has.
   */
  @Test
  void aRankUnderTheSerialCollectorIsCountedAsThatCollectorHoldsItsTiles() {
    ProcessGrid grid = ProcessGrid.parse("1x2");
    long heap = 160L << 20;
    CostModel local = SUMMIT; // the machine's parameters do not enter the memory
    ModelMemory serial = new ModelMemory(local, ModelMemory.localLimit(heap, 1, RankCollector.SERIAL), heap,
        RankCollector.SERIAL);
    ModelMemory g1 = new ModelMemory(local, ModelMemory.localLimit(heap, 1, RankCollector.G1), heap,
        RankCollector.G1);
    long arrays = 50 + 3 * (10 + 5 + 2); // rank 0's tiles and three pivot iterations' panels
    assertThat(serial.needed(4941, grid, 512)).isEqualTo(arrays * (512 * 512 * 4 + 16));
    assertThat(serial.fits(4941, grid, 512)).isTrue();
    assertThat(g1.needed(4941, grid, 512)).isEqualTo(arrays * (2L << 20));
    assertThat(g1.fits(4941, grid, 512)).isFalse();
    // the serial collector's heap lacks a survivor space; G1's is whole
    assertThat(ModelMemory.localLimit(heap, 1, RankCollector.SERIAL))
        .isLessThan(ModelMemory.localLimit(heap, 1, RankCollector.G1));
    // unknown: both rules' larger figures
    assertThat(new ModelMemory(local, 0, heap, RankCollector.CAUTIOUS).needed(4941, grid, 512))
        .isEqualTo(g1.needed(4941, grid, 512));
    assertThat(ModelMemory.localLimit(heap, 1, RankCollector.CAUTIOUS))
        .isEqualTo(ModelMemory.localLimit(heap, 1, RankCollector.SERIAL));
  }

  /** HotSpot's ergonomics: G1 from two CPUs and about 2 GiB up, else the serial collector. */
  @Test
  void aRankThatSeesOneCpuGetsTheSerialCollector() {
    assertThat(RankCollector.forVisibleCpus(1, 64L << 30)).isEqualTo(RankCollector.SERIAL);
    assertThat(RankCollector.forVisibleCpus(2, 64L << 30)).isEqualTo(RankCollector.G1);
    assertThat(RankCollector.forVisibleCpus(2, 1L << 30)).isEqualTo(RankCollector.SERIAL);
  }
}

package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.MemoryBudgetException;

/**
 * The block size a distributed run takes when the ranks' heaps are small: power (n = 4,941) on two ranks of 64 MiB
 * was given b = 1024 by the cost model and refused for it, without a word of --block, although b = 32 runs.
 */
class BlockChoiceTest {
  private static final int N = 4941;
  /** 1 GFLOP/s, no communication cost: the model's fastest here is a large tile. */
  private static final CostModel MODEL = new CostModel(new MachineParameters("simple", 1e9,
      new HyperbolicFit(1e9, 64), 1e-5, 1e9, null, MachineParameters.BandwidthAxis.MESSAGE_BYTES, 1, 0));
  private static final ProcessGrid GRID = new ProcessGrid(1, 2);

  @Test
  void aHeapThatFitsOnlySmallTilesGetsTheFastestThatFitsWithANote() {
    CostModel.Plan fastest = MODEL.recommend(N, 2);
    long room = HeapCheck.heapBytes(N, 64, GRID, 0); // b = 64 fits rank 0 exactly; nothing larger does
    assertThat(HeapCheck.heapBytes(N, fastest.blockSize(), fastest.grid(), 0)).isGreaterThan(room);
    BlockChoice.Choice choice = BlockChoice.choose(MODEL, N, 2, null, 0, fastest, rooms(room), false);
    int fastestFitting = MODEL.recommendBlockSize(N, choice.plan().grid(), (n, g, b) -> b <= 64);
    assertThat(choice.plan().blockSize()).isLessThanOrEqualTo(64).isEqualTo(fastestFitting);
    assertThat(HeapCheck.heapBytes(N, choice.plan().blockSize(), choice.plan().grid(), 0)).isLessThanOrEqualTo(room);
    assertThat(choice.note()).contains("chosen for memory, not speed")
        .contains("fastest, b = " + fastest.blockSize());
  }

  @Test
  void aHeapThatFitsTheFastestChangesNothing() {
    CostModel.Plan fastest = MODEL.recommend(N, 2);
    BlockChoice.Choice choice = BlockChoice.choose(MODEL, N, 2, null, 0, fastest, rooms(Long.MAX_VALUE / 4), false);
    assertThat(choice.plan()).isEqualTo(fastest);
    assertThat(choice.note()).isNull();
  }

  @Test
  void whenNothingFitsTheRefusalGivesTheFiguresAndTheWaysOut() {
    CostModel.Plan fastest = MODEL.recommend(N, 2);
    long room = HeapCheck.heapBytes(N, 32, GRID, 0) - 1;
    assertThatThrownBy(() -> BlockChoice.choose(MODEL, N, 2, null, 0, fastest, rooms(room), false))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("b = 32)")
        .hasMessageContaining("no block size fits")
        .hasMessageContaining("larger heap").hasMessageContaining("more ranks")
        .satisfies(e -> assertThat(e.getMessage()).containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b"))
        .satisfies(e -> assertThat(((MemoryBudgetException) e).budgetBytes()).isEqualTo(room));
  }

  @Test
  void aGivenBlockThatDoesNotFitIsRefusedNamingTheLargestThatDoes() {
    long room = HeapCheck.heapBytes(N, 96, GRID, 0);
    CostModel.Plan given = new CostModel.Plan(GRID, 1024, null);
    assertThatThrownBy(() -> BlockChoice.choose(null, N, 2, GRID, 1024, given, rooms(room), false))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("b = 1024")
        .hasMessageContaining("--block " + largestFitting(room) + " is the largest block size that fits");
    CostModel.Plan tiny = new CostModel.Plan(GRID, 32, null);
    assertThatThrownBy(() -> BlockChoice.choose(null, N, 2, GRID, 32, tiny, rooms(1000), false))
        .hasMessageContaining("no smaller block size fits either");
  }

  @Test
  void aBlockFromACheckpointIsNotAdvisedAsAnOption() {
    long room = HeapCheck.heapBytes(N, 96, GRID, 0);
    CostModel.Plan saved = new CostModel.Plan(GRID, 1024, null);
    assertThatThrownBy(() -> BlockChoice.choose(null, N, 2, GRID, 1024, saved, rooms(room), true))
        .hasMessageContaining("comes from the checkpoint").hasMessageContaining("delete the checkpoint's files");
  }

  @Test
  void theNodesMemoryLimitsTheChoiceToo() {
    CostModel.Plan fastest = MODEL.recommend(N, 2);
    long need64 = HeapCheck.heapBytes(N, 64, GRID, 0);
    HeapCheck.Room[] rooms = new HeapCheck.Room[2];
    Arrays.fill(rooms, new HeapCheck.Room(Long.MAX_VALUE / 4, 2 * need64, 2));
    BlockChoice.Choice choice = BlockChoice.choose(MODEL, N, 2, null, 0, fastest, rooms, false);
    assertThat(choice.plan().blockSize()).isLessThanOrEqualTo(64);
    assertThat(choice.note()).contains("share of its node's memory");
  }

  private static int largestFitting(long room) {
    for (int b = 1024 - 32; b >= 32; b -= 32) {
      if (HeapCheck.heapBytes(N, b, GRID, 0) <= room && HeapCheck.heapBytes(N, b, GRID, 1) <= room) {
        return b;
      }
    }
    return 0;
  }

  private static HeapCheck.Room[] rooms(long heap) {
    HeapCheck.Room[] rooms = new HeapCheck.Room[2];
    Arrays.fill(rooms, new HeapCheck.Room(heap, 0, 1));
    return rooms;
  }
}

package org.tropic.gpu;

import java.util.Objects;
import org.tropic.semiring.Arithmetic;

/**
 * How {@link GpuFloydWarshall} runs.
 *
 * @param blockSize the tile side b, a multiple of 128; 0 chooses ({@link GpuBlockSize} resident, eq. 5 offload)
 * @param arithmetic the arithmetic path; {@code null} picks the fastest exact one for the weights
 * @param deviceMemoryLimit bytes of device memory the solve may use; 0 means 90% of what is free. A small limit
 *     forces the offload mode on graphs that would otherwise fit, which is how the offload is measured against
 *     the resident mode at ≥ 2× the resident size on one machine
 * @param streams streams of the offload mode, ≥ 3
 * @param forceOffload whether to offload even when the matrix fits on the device
 * @param dpx whether to use Hopper's DPX instructions in the int32 path where available
 * @param offloadModel the measured rates for eq. 5, or {@code null} to measure them at the start of an offload run
 * @param symmetry whether a symmetric graph (undirected, weights ≥ 0) is solved on the tiles on and above the
 *     diagonal only (about half the outer products)
 * @param lookahead whether the offload mode keeps a second set of panels so that the next pivot's panel step
 *     overlaps this outer product ({@link OffloadLookahead})
 */
public record GpuFloydWarshallOptions(int blockSize, Arithmetic arithmetic, long deviceMemoryLimit, int streams,
    boolean forceOffload, boolean dpx, OffloadModel offloadModel, boolean symmetry, OffloadLookahead lookahead) {

  public GpuFloydWarshallOptions {
    Objects.requireNonNull(lookahead, "lookahead");
    if (blockSize < 0 || blockSize % MinPlusModule.TILE != 0) {
      throw new IllegalArgumentException("the GPU tile side must be 0 (automatic) or a multiple of "
          + MinPlusModule.TILE + ", got " + blockSize);
    }
    if (deviceMemoryLimit < 0) {
      throw new IllegalArgumentException("the device memory limit must be ≥ 0 (0 = 90% of free), got "
          + deviceMemoryLimit);
    }
    if (streams < DeviceMemoryPlan.MIN_OFFLOAD_STREAMS) {
      throw new IllegalArgumentException("the offload mode needs ≥ " + DeviceMemoryPlan.MIN_OFFLOAD_STREAMS
          + " streams, got " + streams);
    }
  }

  /**
   * Everything automatic: resident when it fits, three streams, no DPX, symmetry where the graph allows, lookahead
   * where the budget allows.
   */
  public static GpuFloydWarshallOptions defaults() {
    return new GpuFloydWarshallOptions(0, null, 0, DeviceMemoryPlan.MIN_OFFLOAD_STREAMS, false, false, null, true,
        OffloadLookahead.AUTO);
  }

  public GpuFloydWarshallOptions withBlockSize(int b) {
    return new GpuFloydWarshallOptions(b, arithmetic, deviceMemoryLimit, streams, forceOffload, dpx,
        offloadModel, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withArithmetic(Arithmetic a) {
    return new GpuFloydWarshallOptions(blockSize, a, deviceMemoryLimit, streams, forceOffload, dpx,
        offloadModel, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withDeviceMemoryLimit(long bytes) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, bytes, streams, forceOffload, dpx,
        offloadModel, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withOffload(boolean force, int streamCount) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, deviceMemoryLimit, streamCount, force, dpx,
        offloadModel, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withDpx(boolean on) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, deviceMemoryLimit, streams, forceOffload, on,
        offloadModel, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withOffloadModel(OffloadModel model) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, deviceMemoryLimit, streams, forceOffload, dpx,
        model, symmetry, lookahead);
  }

  public GpuFloydWarshallOptions withSymmetry(boolean on) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, deviceMemoryLimit, streams, forceOffload, dpx,
        offloadModel, on, lookahead);
  }

  public GpuFloydWarshallOptions withLookahead(OffloadLookahead when) {
    return new GpuFloydWarshallOptions(blockSize, arithmetic, deviceMemoryLimit, streams, forceOffload, dpx,
        offloadModel, symmetry, when);
  }
}

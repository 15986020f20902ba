package org.tropic.dist;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.tropic.apsp.BlockSizeModel;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Measures the cost model's parameters on this machine with micro-benchmarks: the min-plus kernel's rate against
 * block size (from the core's {@link BlockSizeModel}, which times the real kernels once per JVM) and MPI's latency
 * and bandwidth against message size (a ping-pong between ranks 0 and 1), each summarised as a HyPerMod curve.
 */
public final class Calibration {
  /** Block sizes the core's model times. */
  static final int[] KERNEL_BLOCK_SIZES = {32, 64, 96, 128, 192, 256, 320, 384, 512};
  /** Message sizes of the ping-pong, 8 B to 4 MiB. */
  static final long[] MESSAGE_BYTES = {8, 1 << 10, 16 << 10, 128 << 10, 1 << 20, 4 << 20};

  private Calibration() {}

  /**
   * The single-thread kernel rate against block size, fitted as y = a·b/(b + d).
   *
   * @return the fit, in flop/s (2 per min-plus update)
   */
  public static HyperbolicFit kernelRate(MinPlusKernels kernels, Arithmetic arithmetic) {
    BlockSizeModel model = BlockSizeModel.forMachine(kernels);
    double[] eta = new double[KERNEL_BLOCK_SIZES.length];
    double[] rate = new double[KERNEL_BLOCK_SIZES.length];
    for (int i = 0; i < eta.length; i++) {
      eta[i] = KERNEL_BLOCK_SIZES[i];
      rate[i] = model.multiplyRate(arithmetic, KERNEL_BLOCK_SIZES[i]);
    }
    return HyperbolicFit.fit(eta, rate);
  }

  /**
   * Point-to-point timings between ranks 0 and 1 (collective: every rank calls it; ranks other than 0 and 1 only
   * wait for the result).
   *
   * @param messageBytes the sizes measured
   * @param oneWaySeconds half the mean round trip at each size
   * @param latencySeconds α: the one-way time of the smallest message
   * @param bandwidth the effective bandwidth s / t(s) fitted against s; its asymptote is 1/β
   */
  public record Network(long[] messageBytes, double[] oneWaySeconds, double latencySeconds, HyperbolicFit bandwidth) {}

  /** Measures {@link Network} between ranks 0 and 1; the result is broadcast to every rank. */
  public static Network network(Communicator world) {
    if (world.size() < 2) {
      throw new IllegalArgumentException("measuring the network needs at least two ranks");
    }
    int rank = world.rank();
    double[] times = new double[MESSAGE_BYTES.length];
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(MESSAGE_BYTES[MESSAGE_BYTES.length - 1], 64);
      if (rank <= 1) {
        for (int s = 0; s < MESSAGE_BYTES.length; s++) {
          MemorySegment message = buffer.asSlice(0, MESSAGE_BYTES[s]);
          int repetitions = MESSAGE_BYTES[s] >= 1 << 20 ? 4 : 30;
          pingPong(world, message, 2);
          long start = System.nanoTime();
          pingPong(world, message, repetitions);
          times[s] = (System.nanoTime() - start) / 1e9 / (2.0 * repetitions);
        }
      }
      MemorySegment shared = arena.allocate(JAVA_DOUBLE, times.length);
      MemorySegment.copy(times, 0, shared, JAVA_DOUBLE, 0, times.length);
      world.bcast(shared, Datatype.DOUBLE, 0);
      MemorySegment.copy(shared, JAVA_DOUBLE, 0, times, 0, times.length);
    }
    double[] sizes = new double[MESSAGE_BYTES.length];
    double[] bandwidth = new double[MESSAGE_BYTES.length];
    for (int s = 0; s < sizes.length; s++) {
      sizes[s] = MESSAGE_BYTES[s];
      bandwidth[s] = MESSAGE_BYTES[s] / times[s];
    }
    return new Network(MESSAGE_BYTES.clone(), times, times[0], HyperbolicFit.fit(sizes, bandwidth));
  }

  private static void pingPong(Communicator world, MemorySegment message, int repetitions) {
    for (int r = 0; r < repetitions; r++) {
      if (world.rank() == 0) {
        world.send(message, Datatype.BYTE, 1, 900);
        world.recv(message, Datatype.BYTE, 1, 901);
      } else {
        world.recv(message, Datatype.BYTE, 0, 900);
        world.send(message, Datatype.BYTE, 0, 901);
      }
    }
  }

  /**
   * This machine's parameters for ranks with {@code threads} compute threads each: the micro-benchmarked kernel
   * curve scaled by the threads, and the network as measured (each rank counted as its own node, since ranks on
   * one node talk through shared memory rather than a shared network card). Without a network measurement (one
   * rank) communication costs nothing.
   */
  public static MachineParameters machine(HyperbolicFit singleThreadRate, int threads, Network network) {
    HyperbolicFit perProcess = new HyperbolicFit(singleThreadRate.a() * threads, singleThreadRate.d());
    return withNetwork("this machine, micro-benchmarked (" + threadsPerRank(threads) + ")", perProcess.a(),
        perProcess, network);
  }

  /**
   * Parameters for explaining a finished run: γ from the kernel rate the run itself achieved (flops over the
   * compute threads' busy time), α and β from the network measurement. T_comp is then what the computation alone
   * took, so where the run's time falls between T_ideal and T_worst isolates how well communication was hidden.
   */
  public static MachineParameters observed(double threadRate, int threads, Network network) {
    return withNetwork(String.format(java.util.Locale.ROOT, "this run's kernel rate %.2f GFLOP/s per thread, %s,"
        + " %s", threadRate / 1e9, threadsPerRank(threads), network == null ? "one rank: no network"
        : "measured network"), threadRate * threads, null, network);
  }

  private static String threadsPerRank(int threads) {
    return threads + (threads == 1 ? " thread" : " threads") + " per rank";
  }

  private static MachineParameters withNetwork(String name, double rate, HyperbolicFit curve, Network network) {
    double bandwidth = network == null ? 1e9 : network.bandwidth().a();
    HyperbolicFit bandwidthCurve = network == null ? null : network.bandwidth();
    double latency = network == null ? 0 : network.latencySeconds();
    return new MachineParameters(name, rate, curve, latency, bandwidth, bandwidthCurve,
        MachineParameters.BandwidthAxis.MESSAGE_BYTES, 1, 0);
  }
}

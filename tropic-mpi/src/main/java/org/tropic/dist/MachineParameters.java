package org.tropic.dist;

import java.util.Objects;

/**
 * What the cost model needs to know about a machine: the min-plus rate of one process (γ = 1/rate), the message
 * latency α and the bandwidth 1/β, optionally as HyPerMod curves, and how processes share nodes. Measured here by
 * {@link Calibration}, or taken from the papers for Summit and Frontier.
 *
 * @param name where the numbers come from, for reports
 * @param flopRate min-plus flop/s of one process (2 per update) when no curve is given
 * @param flopRateVsBlockSize the rate as a function of the block size b, or {@code null}
 * @param latencySeconds α, the start-up cost of one message
 * @param bandwidth bytes/s one node sends (per process if {@code processesPerNode} is 1) when no curve is given
 * @param bandwidthCurve the bandwidth as a function of {@code bandwidthAxis}, or {@code null}
 * @param bandwidthAxis what the bandwidth curve's η is
 * @param processesPerNode ranks sharing one node's network interface
 * @param memoryPerProcess bytes one process may use, or 0 if unknown
 */
public record MachineParameters(String name, double flopRate, HyperbolicFit flopRateVsBlockSize,
    double latencySeconds, double bandwidth, HyperbolicFit bandwidthCurve, BandwidthAxis bandwidthAxis,
    int processesPerNode, long memoryPerProcess) {

  /** What a bandwidth curve is a function of. */
  public enum BandwidthAxis {
    /** Bytes of one broadcast message (our ping-pong calibration). */
    MESSAGE_BYTES,
    /** Bytes of the distance matrix one node holds (COAST Table V). */
    LOCAL_MATRIX_BYTES
  }

  public MachineParameters {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(bandwidthAxis, "bandwidthAxis");
    if (!(flopRate > 0) || !(bandwidth > 0) || latencySeconds < 0 || processesPerNode < 1 || memoryPerProcess < 0) {
      throw new IllegalArgumentException("machine parameters must be positive: rate=" + flopRate + ", bandwidth="
          + bandwidth + ", latency=" + latencySeconds + ", processes per node=" + processesPerNode);
    }
  }

  /** The min-plus rate of one process at block size b. */
  public double flopRateAt(int blockSize) {
    return flopRateVsBlockSize != null ? flopRateVsBlockSize.at(blockSize) : flopRate;
  }

  /** A node's bandwidth for messages of {@code messageBytes} when each node holds {@code localMatrixBytes}. */
  public double bandwidthAt(double messageBytes, double localMatrixBytes) {
    if (bandwidthCurve == null) {
      return bandwidth;
    }
    return bandwidthCurve.at(bandwidthAxis == BandwidthAxis.MESSAGE_BYTES ? messageBytes : localMatrixBytes);
  }

  /**
   * Summit as DSNAPSHOT (SC20) ran it: 12 ranks per node, two per V100, whose min-plus SRGEMM kernel reaches
   * 6.81 TF/s (§V-A), so 3.4 TF/s per rank; two EDR InfiniBand rails, 12.5 + 12.5 GB/s per node (COAST Table III);
   * 16 GB per GPU. The papers give no latency; 1.5 µs, typical of EDR InfiniBand MPI, is assumed.
   */
  public static MachineParameters summit() {
    return new MachineParameters("Summit (DSNAPSHOT SC20: 6.81 TF/s per V100, 2 ranks per GPU; 25 GB/s per node)",
        6.81e12 / 2, null, 1.5e-6, 25e9, null, BandwidthAxis.MESSAGE_BYTES, 12, 8L << 30);
  }

  /**
   * Frontier as COAST (SC22) ran it: 16 ranks per node, two per MI250X GCD; the GCD's OPTSSRGEMM-NT rate as the
   * HyPerMod fit of Table V (a = 15.56 TF/s, d = 70 in the block size), halved per rank; the ring broadcast's
   * effective per-node bandwidth as the fit of Table V (a = 17.7 GB/s, d = 0.06 GB in the node's local matrix
   * size); 64 GB per GCD. The papers give no latency; 2 µs, typical of Slingshot-11 MPI, is assumed.
   */
  public static MachineParameters frontier() {
    return new MachineParameters("Frontier (COAST SC22 Table V: SSRGEMM 15.56 TF/s, d=70; ring 17.7 GB/s,"
        + " d=0.06 GB; 2 ranks per GCD)", 15.56e12 / 2, new HyperbolicFit(15.56e12 / 2, 70), 2e-6, 17.7e9,
        new HyperbolicFit(17.7e9, 0.06e9), BandwidthAxis.LOCAL_MATRIX_BYTES, 16, 32L << 30);
  }

  /** The preset named {@code summit} or {@code frontier}. */
  public static MachineParameters preset(String name) {
    return switch (name.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "summit" -> summit();
      case "frontier" -> frontier();
      default -> throw new IllegalArgumentException("unknown machine '" + name + "' (summit, frontier)");
    };
  }
}

package org.tropic.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns {@link KernelSource} into a binary the driver loads, for one device: a CUBIN for its own architecture when
 * NVRTC knows it, else PTX for the newest architecture NVRTC knows below it (the driver compiles that forward at
 * load). Results are kept in a {@link KernelBinaryCache} keyed by the source, the options and NVRTC's version.
 *
 * <p>Options: IEEE float semantics exactly as Java's (denormals kept, no fused multiply-add — the kernels multiply
 * nothing, but this keeps it so), and {@code -DTROPIC_DPX} for the Hopper DPX variant of the int32 path when asked
 * for and possible (sm_90 or newer, NVRTC 12 or newer).
 */
public final class KernelCompiler {
  private final Nvrtc nvrtc;
  private final KernelBinaryCache cache;

  /** A compile target: the NVRTC option, its name, and whether it yields a CUBIN (real) or PTX (virtual). */
  public record Target(String option, String name, boolean cubin) {}

  /** A compiled module image, where it came from, and NVRTC's log (empty when read from the cache). */
  public record KernelImage(byte[] image, Target target, boolean dpx, boolean fromCache, String log) {}

  KernelCompiler(Nvrtc nvrtc, KernelBinaryCache cache) {
    this.nvrtc = nvrtc;
    this.cache = cache;
  }

  /** The binary of {@code source} for a device of {@code capability}, from the cache or freshly compiled. */
  public KernelImage compile(KernelSource source, ComputeCapability capability, boolean dpx) {
    int[] version = nvrtc.version();
    Target target = target(capability, nvrtc.supportedArchitectures(), version);
    boolean useDpx = dpxPossible(dpx, capability, target, version[0]);
    List<String> options = options(target, useDpx);
    String hash = source.hash(String.join(" ", options), "nvrtc " + version[0] + "." + version[1]);
    var cached = cache.get(hash, target.name(), target.cubin());
    if (cached.isPresent()) {
      return new KernelImage(cached.get(), target, useDpx, true, "");
    }
    Nvrtc.Output out = nvrtc.compile(source.text(), source.name(), options);
    byte[] image = out.cubin() ? out.image() : withTerminatingNul(out.image());
    cache.put(hash, target.name(), target.cubin(), image);
    return new KernelImage(image, target, useDpx, false, out.log());
  }

  /** The compiler's version, for reports. */
  public String nvrtcVersion() {
    int[] v = nvrtc.version();
    return v[0] + "." + v[1] + " (" + nvrtc.path + ")";
  }

  /**
   * The target for {@code capability}: its real architecture if supported, else PTX for the newest supported one
   * below it.
   *
   * @throws GpuUnavailableException if NVRTC knows no architecture at or below the device's
   */
  static Target target(ComputeCapability capability, int[] supported, int[] nvrtcVersion) {
    int wanted = capability.number();
    if (Arrays.stream(supported).anyMatch(a -> a == wanted)) {
      return new Target("--gpu-architecture=sm_" + wanted, "sm_" + wanted, true);
    }
    int best = Arrays.stream(supported).filter(a -> a < wanted).max().orElseThrow(() -> new GpuUnavailableException(
        "NVRTC " + nvrtcVersion[0] + "." + nvrtcVersion[1] + " cannot compile for this GPU (" + capability
            + ", " + capability.realArchitecture() + "); it supports sm_" + Arrays.toString(supported)
            + ": install an NVRTC that matches the driver"));
    return new Target("--gpu-architecture=compute_" + best, "compute_" + best, false);
  }

  static boolean dpxPossible(boolean wanted, ComputeCapability capability, Target target, int nvrtcMajor) {
    return wanted && capability.hasDpx() && target.cubin() && nvrtcMajor >= 12;
  }

  /** The NVRTC options for {@code target}. */
  static List<String> options(Target target, boolean dpx) {
    List<String> options = new ArrayList<>(List.of(target.option(), "--ftz=false", "--prec-div=true",
        "--prec-sqrt=true", "--fmad=false", "--std=c++14"));
    if (dpx) {
      options.add("-DTROPIC_DPX=1");
    }
    return options;
  }

  private static byte[] withTerminatingNul(byte[] ptx) {
    if (ptx.length > 0 && ptx[ptx.length - 1] == 0) {
      return ptx;
    }
    return Arrays.copyOf(ptx, ptx.length + 1);
  }
}

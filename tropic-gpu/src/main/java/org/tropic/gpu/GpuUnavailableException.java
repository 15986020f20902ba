package org.tropic.gpu;

import org.tropic.apsp.DeviceUnavailableException;

/**
 * No usable GPU on this machine: the NVIDIA driver library is missing, it reports no CUDA device, or NVRTC (needed to
 * compile the kernels) is missing. The message names what is missing and how to get it; the CPU path is unaffected.
 */
public final class GpuUnavailableException extends DeviceUnavailableException {
  public GpuUnavailableException(String message) {
    super(message);
  }

  public GpuUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}

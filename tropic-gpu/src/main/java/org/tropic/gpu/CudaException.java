package org.tropic.gpu;

/**
 * A CUDA driver call returned an error. Carries the {@code CUresult} code, its name and the driver's description,
 * e.g. {@code cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory}.
 */
public final class CudaException extends RuntimeException {
  private final int code;

  CudaException(String call, int code, String name, String description) {
    super(call + " failed: " + name + " (" + code + "): " + description);
    this.code = code;
  }

  /** The {@code CUresult} value. */
  public int code() {
    return code;
  }
}

package org.tropic.gpu;

import java.lang.foreign.MemorySegment;

/** A block of device memory: its address ({@code CUdeviceptr}) and size. Freed by {@link #close()}. */
public final class DeviceBuffer implements AutoCloseable {
  private final CudaDriver driver;
  private final long address;
  private final long bytes;
  private boolean freed;

  DeviceBuffer(CudaDriver driver, long address, long bytes) {
    this.driver = driver;
    this.address = address;
    this.bytes = bytes;
  }

  /** The device address, for kernel arguments. */
  public long address() {
    return address;
  }

  /** The address {@code floats} float32 values in. */
  public long at(long floats) {
    return address + floats * Float.BYTES;
  }

  public long bytes() {
    return bytes;
  }

  /** Copies {@code length} bytes of host memory to {@code offset} bytes into this buffer, in stream order. */
  public void upload(MemorySegment host, long offset, long length, CudaStream stream) {
    checkRange(offset, length);
    driver.copyToDeviceAsync(address + offset, host, length, stream.handle());
  }

  /** Copies {@code length} bytes at {@code offset} to host memory, in stream order. */
  public void download(long offset, long length, MemorySegment host, CudaStream stream) {
    checkRange(offset, length);
    driver.copyToHostAsync(host, address + offset, length, stream.handle());
  }

  /** Sets {@code count} floats from {@code fromFloat} to the bit pattern of {@code value}, in stream order. */
  public void fill(long fromFloat, long count, float value, CudaStream stream) {
    checkRange(fromFloat * Float.BYTES, count * Float.BYTES);
    driver.fillAsync(at(fromFloat), Float.floatToRawIntBits(value), count, stream.handle());
  }

  private void checkRange(long offset, long length) {
    if (offset < 0 || length < 0 || offset + length > bytes) {
      throw new IndexOutOfBoundsException("bytes " + offset + ".." + (offset + length) + " of a " + bytes
          + "-byte device buffer");
    }
  }

  @Override
  public void close() {
    if (!freed) {
      freed = true;
      driver.free(address);
    }
  }
}

package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The {@code void** kernelParams} of {@code cuLaunchKernel}: one pointer per kernel parameter, each to a copy of the
 * value, in the kernel's parameter order. {@code int} and {@code float} parameters take 4 bytes, pointers
 * ({@code float*}) and {@code long long} take 8. The driver copies the values at launch, so the arena may close
 * right after it.
 */
final class KernelArguments {
  private final Arena arena;
  private final MemorySegment pointers;
  private int count;

  KernelArguments(Arena arena, int capacity) {
    this.arena = arena;
    this.pointers = arena.allocate(ADDRESS, capacity);
  }

  KernelArguments addInt(int value) {
    MemorySegment slot = arena.allocate(JAVA_INT);
    slot.set(JAVA_INT, 0, value);
    pointers.setAtIndex(ADDRESS, count++, slot);
    return this;
  }

  /** A {@code float} parameter, bit for bit (an arithmetic's stored +∞ or 0). */
  KernelArguments addFloat(float value) {
    return addInt(Float.floatToRawIntBits(value));
  }

  /** A device pointer ({@code CUdeviceptr}, passed to a {@code float*} parameter) or a {@code long long}. */
  KernelArguments addLong(long value) {
    MemorySegment slot = arena.allocate(JAVA_LONG);
    slot.set(JAVA_LONG, 0, value);
    pointers.setAtIndex(ADDRESS, count++, slot);
    return this;
  }

  int count() {
    return count;
  }

  MemorySegment array() {
    return pointers;
  }
}

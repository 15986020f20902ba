package org.tropic.apsp;

import java.lang.management.ManagementFactory;
import org.tropic.io.Units;

/**
 * The heap a refused or failed job would need, as its message suggests it: {@code TROPIC_JAVA_OPTS=-Xmx1100m}, not
 * {@code -Xmx...}, which left the user to work out the figure. Every memory refusal and out-of-memory line builds its
 * suggestion here, so they agree on the margin, the rounding and what to say when no heap on this machine would do.
 *
 * @param heapBytes the -Xmx to suggest, a tidy figure
 * @param machineBytes the memory such a heap may take on this machine (its physical memory, or a rank's share of its
 *     node's), 0 if unknown
 */
public record HeapAdvice(long heapBytes, long machineBytes) {
  /**
   * Added to the heap that would just hold the job: what the job needs is counted, but the JVM keeps some of a heap
   * to itself (G1's free regions to copy into) and what the rest of the command holds moves a little from run to run.
   */
  static final double MARGIN = 0.05;

  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  /**
   * The heap that holds a job needing {@code neededBytes} where this JVM has {@code availableBytes} of its heap free:
   * its max heap plus the shortfall and {@link #MARGIN}, against this machine's physical memory.
   */
  public static HeapAdvice forShortfall(long neededBytes, long availableBytes) {
    return forShortfall(neededBytes, availableBytes, Runtime.getRuntime().maxMemory(), physicalMemory());
  }

  /** As {@link #forShortfall(long, long)} for a JVM whose max heap is {@code maxHeapBytes} on {@code machineBytes}. */
  public static HeapAdvice forShortfall(long neededBytes, long availableBytes, long maxHeapBytes, long machineBytes) {
    double shortfall = Math.max(0, (double) neededBytes - availableBytes);
    return new HeapAdvice(tidy((maxHeapBytes + shortfall) * (1 + MARGIN)), machineBytes);
  }

  /**
   * For a job that ran out of this JVM's heap, whose need is unknown: twice the heap it had, or this machine's
   * physical memory where that is less (and more than the heap it had).
   */
  public static HeapAdvice doubled() {
    return doubled(Runtime.getRuntime().maxMemory(), physicalMemory());
  }

  /** As {@link #doubled()} for a JVM whose max heap is {@code maxHeapBytes} on {@code machineBytes}. */
  public static HeapAdvice doubled(long maxHeapBytes, long machineBytes) {
    long twice = tidy(2.0 * maxHeapBytes);
    if (machineBytes > 0 && twice > machineBytes && machineBytes > maxHeapBytes) {
      return new HeapAdvice(Math.max(tidyDown(machineBytes), maxHeapBytes), machineBytes);
    }
    return new HeapAdvice(twice, machineBytes);
  }

  /** Whether the suggested heap fits this machine's memory (or that memory is unknown). */
  public boolean fitsMachine() {
    return machineBytes <= 0 || heapBytes <= machineBytes;
  }

  /** {@code TROPIC_JAVA_OPTS=-Xmx1100m}. */
  public String option() {
    return "TROPIC_JAVA_OPTS=" + xmx(heapBytes);
  }

  /**
   * The refusal's advice: {@code run with TROPIC_JAVA_OPTS=-Xmx1100m; or OTHER WAYS}, or where that heap is more than
   * the machine has, that fact and the other ways alone. {@code otherWays} may be empty.
   */
  public String advise(String otherWays) {
    if (fitsMachine()) {
      return "run with " + option() + (otherWays.isEmpty() ? "" : "; or " + otherWays);
    }
    return "a larger heap (" + option() + ") would be more than this machine's " + Units.bytes(machineBytes)
        + " of memory" + (otherWays.isEmpty() ? "" : ": " + otherWays);
  }

  /**
   * As {@link #advise} for a rank of a distributed run, whose {@code TROPIC_JAVA_OPTS} every rank gets and whose
   * {@link #machineBytes} is its share of its node's memory.
   */
  public String advisePerRank(String otherWays) {
    if (fitsMachine()) {
      return "give each rank a larger heap: run with " + option() + ", which every rank gets"
          + (otherWays.isEmpty() ? "" : "; or " + otherWays);
    }
    return "a larger heap per rank (" + option() + ") would be more than a rank's share of its node's memory, "
        + Units.bytes(machineBytes) + (otherWays.isEmpty() ? "" : ": " + otherWays);
  }

  /** {@code -Xmx96m}, {@code -Xmx1100m}, {@code -Xmx12g}: the JVM's option for a heap of {@code bytes}. */
  public static String xmx(long bytes) {
    return bytes % GIB == 0 && bytes >= 10 * GIB ? "-Xmx" + bytes / GIB + "g" : "-Xmx" + bytes / MIB + "m";
  }

  /**
   * {@code bytes} rounded up to a figure a person types: two significant figures of MiB under 10 GiB (96m, 350m,
   * 1100m, 9900m), whole GiB from there (12g), at least 8 MiB.
   */
  static long tidy(double bytes) {
    if (bytes >= 10.0 * GIB) {
      return bytes >= (double) Long.MAX_VALUE / 2 ? Long.MAX_VALUE / GIB * GIB : (long) Math.ceil(bytes / GIB) * GIB;
    }
    long mib = Math.max(8, (long) Math.ceil(bytes / MIB));
    long step = mib < 100 ? 1 : (long) Math.pow(10, (int) Math.log10(mib) - 1);
    return (mib + step - 1) / step * step * MIB;
  }

  /** As {@link #tidy} but rounded down: a heap no larger than {@code bytes}. */
  static long tidyDown(long bytes) {
    if (bytes >= 10 * GIB) {
      return bytes / GIB * GIB;
    }
    long mib = bytes / MIB;
    long step = mib < 100 ? 1 : (long) Math.pow(10, (int) Math.log10(mib) - 1);
    return mib / step * step * MIB;
  }

  /** This machine's physical memory, 0 where the JVM cannot tell. */
  public static long physicalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }
}

package org.tropic.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how much memory one solve needs beyond what was live before it. Two views:
 * <ul>
 *   <li>heap: live heap after a full GC before the solve (the baseline), then the largest heap usage a sampler
 *       thread sees every {@value #SAMPLE_MICROS} µs during it, and at least what is still live after it (usage can
 *       lag allocation by a region). Uncollected garbage counts too, so this errs on the high side; the pools' own
 *       peak counters are no use here because collectors such as G1 update them only at collections.
 *   <li>process: resident set size before, and the peak resident set size during the solve (Linux's VmHWM, reset
 *       by writing 5 to /proc/self/clear_refs). Includes native memory, and excludes heap the JVM had already
 *       touched before the solve.
 * </ul>
 */
final class MemoryProbe {
  static final long SAMPLE_MICROS = 500;

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private final long baselineHeap;
  private final long rssBefore;
  private final boolean rssPeakReset;
  private final AtomicLong peakHeap;
  private final Thread sampler;
  private volatile boolean running = true;

  private MemoryProbe(long baselineHeap, long rssBefore, boolean rssPeakReset) {
    this.baselineHeap = baselineHeap;
    this.rssBefore = rssBefore;
    this.rssPeakReset = rssPeakReset;
    this.peakHeap = new AtomicLong(baselineHeap);
    this.sampler = Thread.ofPlatform().daemon().name("tropic-bench-memory").start(this::sample);
  }

  /** Collects garbage, records the baseline, resets the RSS peak and starts sampling; call right before the solve. */
  static MemoryProbe start() {
    long baseline = liveHeapAfterGc();
    boolean reset;
    try {
      Files.writeString(Path.of("/proc/self/clear_refs"), "5");
      reset = true;
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      reset = false;
    }
    return new MemoryProbe(baseline, procStatusBytes("VmRSS"), reset);
  }

  private void sample() {
    while (running) {
      peakHeap.accumulateAndGet(MEMORY.getHeapMemoryUsage().getUsed(), Math::max);
      LockSupport.parkNanos(SAMPLE_MICROS * 1000);
    }
  }

  /** The peaks since {@link #start()}; call right after the solve, while its result is still referenced. */
  MemoryUse finish(long matrixBytes) {
    peakHeap.accumulateAndGet(MEMORY.getHeapMemoryUsage().getUsed(), Math::max);
    running = false;
    try {
      sampler.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long peakRss = rssPeakReset ? procStatusBytes("VmHWM") : -1;
    long retained = liveHeapAfterGc() - baselineHeap;
    // Usage lags allocation by up to a region (G1 counts the regions being filled late), so the peak is also at
    // least what is still live at the end.
    long peak = Math.max(peakHeap.get() - baselineHeap, retained);
    return new MemoryUse(matrixBytes, baselineHeap, Math.max(0, peak), retained,
        rssBefore, peakRss < 0 ? -1 : Math.max(0, peakRss - rssBefore));
  }

  private static long liveHeapAfterGc() {
    System.gc();
    System.gc();
    return MEMORY.getHeapMemoryUsage().getUsed();
  }

  /** A "kB" field of /proc/self/status in bytes, or -1 where there is no such file (not Linux). */
  static long procStatusBytes(String field) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith(field + ":")) {
          return parseKilobytes(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** Bytes of a /proc status line such as {@code "VmHWM:\t  123456 kB"}. */
  static long parseKilobytes(String line) {
    String value = line.substring(line.indexOf(':') + 1).strip();
    if (!value.endsWith("kB")) {
      throw new IllegalArgumentException("expected a value in kB in '" + line + "'");
    }
    return Long.parseLong(value.substring(0, value.length() - 2).strip()) * 1024;
  }
}

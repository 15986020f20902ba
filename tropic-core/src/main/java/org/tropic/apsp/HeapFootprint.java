package org.tropic.apsp;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * What arrays of one size really take in this JVM's heap, many of them together. Under G1, the default collector,
 * the heap is cut into regions of 1 to 32 MiB; an object smaller than half a region never spans two, so equal arrays
 * leave the rest of each region unused, and a larger one is humongous and takes whole regions of its own. A 256 × 256
 * float tile is 256 KiB and a 16-byte header: three fit into a 1 MiB region, not four, and Floyd–Warshall planned
 * by the tiles' bytes alone ran out of a 1,900 MiB heap at 1,433 MiB used (Hetionet's 26,574 vertices, where 224 ×
 * 224 tiles, five to a region, fit). A 512 × 512 tile in 1 or 2 MiB regions is humongous and takes twice its size.
 * Other collectors pack objects end to end: there an array takes its bytes and header.
 */
public final class HeapFootprint {
  /** An array's header (mark word, class word, length), padded; 16 bytes unless compact headers shrink it. */
  static final long ARRAY_HEADER = 16;

  private static final long REGION = g1RegionBytes();

  private HeapFootprint() {}

  /** The heap a float array of {@code length} elements takes in this JVM, one of many of its size. */
  public static long floatArray(long length) {
    return footprint(ARRAY_HEADER + length * Float.BYTES, REGION);
  }

  /**
   * The heap an object of {@code bytes} takes, one of many of its size, in regions of {@code region} bytes (0: no
   * regions, objects packed end to end at 8-byte alignment).
   */
  static long footprint(long bytes, long region) {
    long aligned = (bytes + 7) / 8 * 8;
    if (region <= 0) {
      return aligned;
    }
    if (aligned >= region / 2) {
      return (aligned + region - 1) / region * region; // humongous: whole regions
    }
    long perRegion = region / aligned;
    return (region + perRegion - 1) / perRegion; // the region shared by those that fit in it
  }

  /** The region size when G1 collects this heap, else 0. */
  private static long g1RegionBytes() {
    try {
      HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      if (vm == null || !Boolean.parseBoolean(vm.getVMOption("UseG1GC").getValue())) {
        return 0;
      }
      return Long.parseLong(vm.getVMOption("G1HeapRegionSize").getValue());
    } catch (RuntimeException | LinkageError e) {
      return 0; // not HotSpot, or no management module: count the bytes alone
    }
  }
}

package org.tropic.apsp;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
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
  /** Whether G1 chose {@link #REGION} from the heap's size (no -XX:G1HeapRegionSize given). */
  private static final boolean REGION_FROM_HEAP = REGION > 0 && g1RegionChosenForHeap();
  private static final long MIN_REGION = 1L << 20;
  private static final long MAX_ERGONOMIC_REGION = 32L << 20;

  private HeapFootprint() {}

  /** The heap a float array of {@code length} elements takes in this JVM, one of many of its size. */
  public static long floatArray(long length) {
    return footprint(ARRAY_HEADER + length * Float.BYTES, REGION);
  }

  /**
   * The heap a float array of {@code length} elements takes in a JVM started as this one but with a heap of
   * {@code heapBytes} (-Xmx): G1 sizes its regions by the heap, so a 256 × 256 tile takes 341 KiB of a rank's 1 GiB
   * heap (three to a 1 MiB region) but 264 KiB of a 16 GiB one (31 to 8 MiB), and {@code tropic model --memory 1g},
   * run with the larger heap, counted a rank's tiles 23% short.
   */
  public static long floatArray(long length, long heapBytes) {
    return footprint(ARRAY_HEADER + length * Float.BYTES, REGION_FROM_HEAP ? g1Region(heapBytes) : REGION);
  }

  /**
   * As {@link #floatArray(long, long)}, for a JVM whose collector may differ from this one's: with G1's regions
   * ({@code regions}, sized for the heap unless this JVM's were given on its command line) or packed end to end, as
   * the serial collector holds arrays. {@code tropic model} counts a rank's heap by the collector the rank will get.
   */
  public static long floatArray(long length, long heapBytes, boolean regions) {
    long region = !regions ? 0 : REGION > 0 && !REGION_FROM_HEAP ? REGION : g1Region(heapBytes);
    return footprint(ARRAY_HEADER + length * Float.BYTES, region);
  }

  /**
   * The region G1 chooses for a heap of {@code heapBytes}: a 2048th of it rounded up to a power of two, from 1 to
   * 32 MiB (JDK 25: -Xmx2g gives 1 MiB, 2049m and 3g 2 MiB, 5g and 8g 4 MiB, 9g 8 MiB, 33g and more 32 MiB).
   */
  static long g1Region(long heapBytes) {
    long target = Math.clamp((heapBytes + 2047) / 2048, MIN_REGION, MAX_ERGONOMIC_REGION);
    long power = Long.highestOneBit(target);
    return power == target ? power : power << 1;
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

  /** Whether G1's region size is its own choice for this heap rather than one given on the command line. */
  private static boolean g1RegionChosenForHeap() {
    try {
      HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      VMOption.Origin origin = vm.getVMOption("G1HeapRegionSize").getOrigin();
      return origin == VMOption.Origin.ERGONOMIC || origin == VMOption.Origin.DEFAULT;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
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

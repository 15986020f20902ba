package org.tropic.apsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The sizes of one core's level-2 cache and of the last-level cache, as Linux reports them under
 * {@code /sys/devices/system/cpu/cpu0/cache}; 0 where they cannot be read (another OS, a container hiding
 * {@code /sys}), which callers take as "unknown".
 */
final class CpuCaches {
  private static final Path CPU0 = Path.of("/sys/devices/system/cpu/cpu0/cache");
  /** This machine's L2 in bytes, or 0 if unknown; read once. */
  static final long L2_BYTES = read(CPU0, 2);
  /** The largest data or unified cache level's size in bytes (the L3 on current x86), or 0 if unknown. */
  static final long LAST_LEVEL_BYTES = lastLevel(CPU0);

  private CpuCaches() {}

  /** The size of the level-{@code level} data or unified cache described under {@code cacheDir}, or 0. */
  static long read(Path cacheDir, int level) {
    try (var entries = Files.list(cacheDir)) {
      for (Path index : entries.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
        String type = Files.readString(index.resolve("type")).strip();
        if (Files.readString(index.resolve("level")).strip().equals(Integer.toString(level))
            && !type.equals("Instruction")) {
          return parseSize(Files.readString(index.resolve("size")).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      return 0; // unknown: no cache limit is applied
    }
    return 0;
  }

  /** The size of the highest data or unified level under {@code cacheDir}, or 0. */
  static long lastLevel(Path cacheDir) {
    for (int level = 4; level >= 1; level--) {
      long bytes = read(cacheDir, level);
      if (bytes > 0) {
        return bytes;
      }
    }
    return 0;
  }

  /** "1024K", "2M" or a plain byte count, as sysfs writes sizes; 0 if it is none of these. */
  static long parseSize(String text) {
    String t = text.toUpperCase(Locale.ROOT);
    long unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : 1;
    String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
    try {
      return Long.parseLong(digits) * unit;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

package org.tropic.apsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The size of one core's level-2 cache, as Linux reports it under {@code /sys/devices/system/cpu/cpu0/cache}; 0
 * where it cannot be read (another OS, a container hiding {@code /sys}), which callers take as "unknown".
 */
final class L2Cache {
  /** This machine's L2 in bytes, or 0 if unknown; read once. */
  static final long BYTES = read(Path.of("/sys/devices/system/cpu/cpu0/cache"));

  private L2Cache() {}

  /** The size of the level-2 data or unified cache described under {@code cacheDir}, or 0. */
  static long read(Path cacheDir) {
    try (var entries = Files.list(cacheDir)) {
      for (Path index : entries.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
        String level = Files.readString(index.resolve("level")).strip();
        String type = Files.readString(index.resolve("type")).strip();
        if (level.equals("2") && !type.equals("Instruction")) {
          return parseSize(Files.readString(index.resolve("size")).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      return 0; // unknown: no cache limit is applied
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

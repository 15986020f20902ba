package org.tropic.cli;

/** Human-readable durations, byte counts and counts of things for reports. */
public final class Durations {
  private Durations() {}

  /** 0.42 s, 12.3 s, 4 min 05 s, 2 h 03 min, 3.5 days, 1.3 years. */
  public static String format(double seconds) {
    if (seconds < 10) {
      return String.format("%.2f s", seconds);
    }
    if (seconds < 60) {
      return String.format("%.1f s", seconds);
    }
    long s = Math.round(seconds);
    if (s < 3600) {
      return String.format("%d min %02d s", s / 60, s % 60);
    }
    if (s < 2 * 86_400) {
      return String.format("%d h %02d min", s / 3600, s % 3600 / 60);
    }
    if (s < 365 * 86_400L) {
      return String.format("%.1f days", seconds / 86_400);
    }
    return String.format("%.1f years", seconds / (365.25 * 86_400));
  }

  /** 512 B, 3.4 MiB, 1.2 GiB. */
  static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format("%.1f %s", value, units[unit]);
  }

  /** A count and its noun, singular for exactly one: 1 arc, 2 arcs, 1,234 vertices. */
  public static String count(long n, String one, String many) {
    return String.format("%,d %s", n, n == 1 ? one : many);
  }
}

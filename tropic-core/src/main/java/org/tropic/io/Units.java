package org.tropic.io;

import java.time.Duration;
import java.util.Locale;

/**
 * Durations, byte counts and counts of things as reports and notes write them, in one form for every command and
 * module (a save's pace once read "every 900 s" under mpirun and "every 15 min 00 s" on one node). Locale-neutral:
 * logs read the same on every machine.
 */
public final class Units {
  private Units() {}

  /** 0.42 s, 12.3 s, 4 min 05 s, 2 h 03 min, 3.5 days, 1.3 years. */
  public static String duration(double seconds) {
    if (seconds < 10) {
      return String.format(Locale.ROOT, "%.2f s", seconds);
    }
    if (seconds < 60) {
      return String.format(Locale.ROOT, "%.1f s", seconds);
    }
    long s = Math.round(seconds);
    if (s < 3600) {
      return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
    if (s < 2 * 86_400) {
      return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
    }
    if (s < 365 * 86_400L) {
      return String.format(Locale.ROOT, "%.1f days", seconds / 86_400);
    }
    double years = seconds / (365.25 * 86_400);
    // past ten thousand years the digits say nothing: tropic model -n 4e18 printed 37 of them
    return String.format(Locale.ROOT, years < 10_000 ? "%.1f years" : "%.3g years", years);
  }

  /** {@link #duration(double)} of a {@link Duration}. */
  public static String duration(Duration d) {
    return duration(d.toNanos() / 1e9);
  }

  /** 512 B, 3.4 KiB, 1.2 GiB: binary units, one decimal. */
  public static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  /** A count and its noun, singular for exactly one: 1 arc, 2 arcs, 1,234 vertices. */
  public static String count(long n, String one, String many) {
    return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
  }
}

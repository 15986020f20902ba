package org.tropic.apsp;

import java.util.Locale;

/** Where an APSP run computes: on this machine's CPU cores, on a GPU back end, or wherever the planner prefers. */
public enum Device {
  /** A GPU when one is present and predicted faster, else the CPU; the plan says which and why. */
  AUTO,
  /** The CPU kernels, always available. */
  CPU,
  /** A GPU back end ({@link ApspBackend} named {@code gpu}); refused with a clear message when none works here. */
  GPU;

  /** The name used on the command line and in reports. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Device ofLabel(String label) {
    for (Device d : values()) {
      if (d.label().equalsIgnoreCase(label)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown device '" + label + "' (auto, cpu, gpu)");
  }
}

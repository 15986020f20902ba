package org.tropic.gpu;

import java.util.List;

/** The kernel source did not compile; the message carries the options and NVRTC's log (file, line, error). */
public final class KernelCompilationException extends RuntimeException {
  private final String log;

  KernelCompilationException(String source, List<String> options, String error, String log) {
    super("compiling " + source + " with " + String.join(" ", options) + " failed (" + error + "):\n" + log);
    this.log = log;
  }

  /** NVRTC's log of the failed compilation. */
  public String log() {
    return log;
  }
}

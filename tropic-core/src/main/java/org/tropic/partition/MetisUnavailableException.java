package org.tropic.partition;

/** Thrown when partitioned APSP is asked for but METIS ({@code libmetis.so.5}) cannot be loaded; says how to fix it. */
public final class MetisUnavailableException extends IllegalStateException {

  public MetisUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}

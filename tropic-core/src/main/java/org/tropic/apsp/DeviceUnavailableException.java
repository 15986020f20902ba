package org.tropic.apsp;

/**
 * A requested compute device cannot be used on this machine: no back end for it is installed, its native library is
 * missing, or no device is present. The message says which, in words a user can act on. Bad usage rather than a
 * failed computation: the command line reports it with exit code 2.
 */
public class DeviceUnavailableException extends RuntimeException {
  public DeviceUnavailableException(String message) {
    super(message);
  }

  public DeviceUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}

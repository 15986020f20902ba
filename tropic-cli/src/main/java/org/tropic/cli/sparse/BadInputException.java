package org.tropic.cli.sparse;

/** Input the user must fix (a missing or malformed graph file): exit code 2. */
final class BadInputException extends Exception {
  BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}

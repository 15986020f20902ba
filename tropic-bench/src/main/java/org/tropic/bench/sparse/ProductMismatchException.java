package org.tropic.bench.sparse;

/**
 * A kernel's product that differs from CSR's: a failed check of the product (exit 1, one line), not an internal error
 * with a stack trace, which is what an IllegalStateException made of it.
 */
public final class ProductMismatchException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ProductMismatchException(String message) {
    super(message);
  }
}

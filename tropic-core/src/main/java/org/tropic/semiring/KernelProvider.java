package org.tropic.semiring;

import java.lang.System.Logger.Level;

/**
 * Chooses the kernel implementation once per JVM, like Lucene's vectorization provider: the Vector API one if the
 * {@code jdk.incubator.vector} module is present and vectors are wide enough, else the scalar reference.
 */
final class KernelProvider {
  static final MinPlusKernels BEST = choose();

  private KernelProvider() {}

  private static MinPlusKernels choose() {
    System.Logger log = System.getLogger(KernelProvider.class.getName());
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      log.log(Level.WARNING, "Vector API missing: min-plus kernels run scalar, several times slower. "
          + "Pass '--add-modules jdk.incubator.vector' to the JVM (the ./tropic launcher does).");
      return new ScalarMinPlusKernels();
    }
    try {
      Class<?> type = Class.forName("org.tropic.semiring.VectorMinPlusKernels");
      return (MinPlusKernels) type.getMethod("createIfSupported").invoke(null);
    } catch (ReflectiveOperationException | LinkageError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      log.log(Level.WARNING, "Vector API kernels unavailable (" + cause + "); min-plus kernels run scalar.");
      return new ScalarMinPlusKernels();
    }
  }
}

package org.tropic.sparse;

import java.lang.System.Logger.Level;

/**
 * Chooses the SpMM block kernels once per JVM: the Vector API ones when the {@code jdk.incubator.vector} module is
 * present and vectors are wide enough, else the scalar reference, logging why.
 */
final class SpmmKernelProvider {
  static final SpmmBlockKernels BEST = choose();

  private SpmmKernelProvider() {}

  private static SpmmBlockKernels choose() {
    System.Logger log = System.getLogger(SpmmKernelProvider.class.getName());
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      log.log(Level.WARNING, "Vector API missing: SpMM runs scalar. "
          + "Pass '--add-modules jdk.incubator.vector' to the JVM (the ./tropic launcher does).");
      return new ScalarSpmmBlockKernels();
    }
    try {
      Class<?> type = Class.forName("org.tropic.sparse.VectorSpmmBlockKernels");
      return (SpmmBlockKernels) type.getMethod("createIfSupported").invoke(null);
    } catch (ReflectiveOperationException | LinkageError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      log.log(Level.WARNING, "Vector API SpMM kernels unavailable (" + cause + "); SpMM runs scalar.");
      return new ScalarSpmmBlockKernels();
    }
  }
}

package org.tropic.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, with the JVM and the kernels it will use. */
public final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Tropic.class.getPackage().getImplementationVersion();
    return new String[] {
      "tropic " + (version == null ? "(development build)" : version),
      "JVM " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " processors",
      "kernels " + org.tropic.semiring.MinPlusKernels.best().name()
    };
  }
}

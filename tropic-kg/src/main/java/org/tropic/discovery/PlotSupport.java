package org.tropic.discovery;

/**
 * Whether this runtime can draw {@link ValidationPlots}: XChart draws with the AWT (module {@code java.desktop}), and
 * the GPU-node bundle leaves both out. Kept apart from {@code ValidationPlots}, which cannot even be loaded without
 * XChart, so that a command can say so before it starts its work.
 */
public final class PlotSupport {
  private PlotSupport() {}

  /**
   * Returns normally if plots can be drawn here.
   *
   * @throws IllegalStateException saying what is missing and how to get it
   */
  public static void require() {
    if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
      throw new IllegalStateException("--plots needs the AWT (module java.desktop), which this Java runtime lacks:"
          + " run Tropic with a full JDK 25, or build the bundle with scripts/gpu-bundle --full");
    }
    try {
      Class.forName("org.knowm.xchart.XYChart", false, PlotSupport.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("--plots needs XChart, which this tropic.jar leaves out: use the jar the"
          + " build makes (tropic-cli/target/tropic.jar), or build the bundle with scripts/gpu-bundle --full");
    }
  }
}

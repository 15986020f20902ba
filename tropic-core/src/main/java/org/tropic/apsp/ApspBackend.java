package org.tropic.apsp;

import java.util.List;
import java.util.ServiceLoader;
import org.tropic.graph.Graph;

/**
 * A solver on another device (a GPU), found at run time through {@link ServiceLoader} so that {@code tropic-core}
 * does not depend on it: a module that provides one lists its class in
 * {@code META-INF/services/org.tropic.apsp.ApspBackend}. The {@link Planner} asks each installed back end whether it
 * can run here ({@link #probe()}) and for its plan, and {@link Apsp#run} hands it the plans that name its device.
 */
public interface ApspBackend {

  /** Whether a back end can run on this machine, and a one-line description of the device or of what is missing. */
  record Probe(boolean available, String description) {}

  /** The device label this back end serves, e.g. {@code gpu}; plans carry it in {@link ApspPlan#device()}. */
  String device();

  /** Looks for the device (cheaply, once per process); never throws. */
  Probe probe();

  /**
   * The plan for solving {@code graph} on this device, with its estimated time and memory.
   *
   * @throws DeviceUnavailableException if the device is not usable after all
   * @throws IllegalArgumentException if the request asks for something this device cannot do
   */
  ApspPlan plan(Graph graph, ApspRequest request);

  /** Solves {@code graph} as {@code plan} says; the distances are float32 with +∞ where unreachable. */
  DistanceMatrix solve(Graph graph, ApspPlan plan, ApspRequest request, Progress progress);

  /** The back ends on the class path, in class-path order. */
  static List<ApspBackend> installed() {
    return ServiceLoader.load(ApspBackend.class).stream().map(ServiceLoader.Provider::get).toList();
  }

  /** The installed back end for {@code device}, or {@code null}. */
  static ApspBackend forDevice(String device) {
    for (ApspBackend backend : installed()) {
      if (backend.device().equals(device)) {
        return backend;
      }
    }
    return null;
  }
}

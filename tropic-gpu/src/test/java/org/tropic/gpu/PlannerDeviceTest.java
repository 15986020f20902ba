package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.ApspBackend;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.Device;
import org.tropic.apsp.DeviceUnavailableException;
import org.tropic.apsp.Planner;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** The planner finds this module's back end through the ServiceLoader, and on a machine without a GPU says so. */
class PlannerDeviceTest {

  @Test
  void theGpuBackEndIsDiscovered() {
    ApspBackend backend = ApspBackend.forDevice("gpu");
    assertThat(backend).isInstanceOf(GpuApspBackend.class);
    assertThat(backend.probe().available()).isEqualTo(Gpu.probe().available());
  }

  @Test
  void autoWithoutAGpuRunsOnTheCpuWithOneLineOnWhy() {
    assumeFalse(Gpu.probe().available(), "this machine has a GPU");
    ApspPlan plan = new Planner(MinPlusKernels.best()).plan(path(200), ApspRequest.defaults().withDevice(Device.AUTO));
    assertThat(plan.onCpu()).isTrue();
    assertThat(plan.deviceNote()).startsWith("no GPU (").endsWith("); running on the CPU")
        .contains(Gpu.probe().description()).doesNotContain("\n");
  }

  @Test
  void gpuWithoutAGpuIsRefusedWithTheReason() {
    assumeFalse(Gpu.probe().available(), "this machine has a GPU");
    assertThatThrownBy(() -> new Planner(MinPlusKernels.best()).plan(path(200),
        ApspRequest.defaults().withDevice(Device.GPU)))
        .isInstanceOf(DeviceUnavailableException.class)
        .hasMessageContaining("the GPU was requested, but it cannot be used here: ")
        .hasMessageContaining(Gpu.probe().description());
  }

  /** Dijkstra and partitioned APSP have no GPU form: asked for on the GPU, they are refused, not swapped for FW. */
  @Test
  void algorithmsOfTheCpuAloneAreRefusedOnTheGpu() {
    GpuApspBackend gpu = new GpuApspBackend();
    assertThatThrownBy(() -> gpu.plan(path(200), ApspRequest.defaults().withAlgorithm(Algorithm.DIJKSTRA)))
        .hasMessage("Dijkstra runs on the CPU only: use --algorithm fw (or auto) with the GPU, or --device cpu");
    assertThatThrownBy(() -> gpu.plan(path(200), ApspRequest.defaults().withAlgorithm(Algorithm.PARTITIONED)))
        .hasMessageStartingWith("Partitioned APSP runs on the CPU only");
  }

  @Test
  void cpuNeverAsksForTheGpu() {
    ApspPlan plan = new Planner(MinPlusKernels.best()).plan(path(200), ApspRequest.defaults());
    assertThat(plan.onCpu()).isTrue();
    assertThat(plan.deviceNote()).isEmpty();
  }

  private static Graph path(int n) {
    GraphBuilder b = GraphBuilder.withVertexCount(n);
    for (int v = 0; v + 1 < n; v++) {
      b.addArc(v, v + 1, 1f);
    }
    return b.build();
  }
}

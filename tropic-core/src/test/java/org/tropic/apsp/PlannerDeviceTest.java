package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** Devices in tropic-core alone, where no back end is installed: the CPU always, the GPU refused with the reason. */
class PlannerDeviceTest {
  private final Planner planner = new Planner(MinPlusKernels.best());

  @Test
  void noBackEndIsInstalledInCoreAlone() {
    assertThat(ApspBackend.installed()).isEmpty();
    assertThat(ApspBackend.forDevice("gpu")).isNull();
  }

  @Test
  void autoAndCpuPlanOnTheCpuWithoutANote() {
    for (Device device : new Device[] {Device.AUTO, Device.CPU}) {
      ApspPlan plan = planner.plan(triangle(), ApspRequest.defaults().withDevice(device));
      assertThat(plan.onCpu()).isTrue();
      assertThat(plan.device()).isEqualTo(ApspPlan.CPU);
      assertThat(plan.deviceNote()).isEmpty();
    }
  }

  @Test
  void theGpuWithoutABackEndIsRefused() {
    assertThatThrownBy(() -> planner.plan(triangle(), ApspRequest.defaults().withDevice(Device.GPU)))
        .isInstanceOf(DeviceUnavailableException.class)
        .hasMessageContaining("no GPU back end (the tropic-gpu module is not on the class path)");
  }

  @Test
  void aPlanForAnUninstalledDeviceIsNotRun() {
    ApspPlan plan = planner.plan(triangle(), ApspRequest.defaults());
    ApspPlan elsewhere = new ApspPlan(plan.algorithm(), plan.arithmetic(), plan.blockSize(), plan.threads(),
        plan.estimatedSeconds(), plan.estimatedBytes(), plan.floydWarshallSeconds(), plan.dijkstraSeconds(),
        plan.batchedSeconds(), plan.partitionedSeconds(), plan.partitioned(), plan.reason(), "gpu", "");
    assertThatThrownBy(() -> Apsp.run(triangle(), elsewhere, ApspRequest.defaults(), Progress.NONE))
        .isInstanceOf(DeviceUnavailableException.class)
        .hasMessageContaining("no back end for it is installed");
  }

  @Test
  void devicesHaveLabels() {
    assertThat(Device.ofLabel("GPU")).isEqualTo(Device.GPU);
    assertThat(Device.AUTO.label()).isEqualTo("auto");
    assertThatThrownBy(() -> Device.ofLabel("tpu")).hasMessage("unknown device 'tpu' (auto, cpu, gpu)");
    assertThatThrownBy(() -> new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0, 0, null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Graph triangle() {
    return GraphBuilder.withVertexCount(3).addArc(0, 1, 1f).addArc(1, 2, 2f).addArc(2, 0, 3f).build();
  }
}

/**
 * The GPU benchmark ({@link org.tropic.bench.gpu.GpuBench}): SRGEMM rate against the min-plus peak from the measured
 * clock, end-to-end Floyd–Warshall on the device, the offload mode at twice the device budget, and the speedup over
 * the CPU path, each with its correctness check against the CPU on fresh random inputs.
 */
package org.tropic.bench.gpu;

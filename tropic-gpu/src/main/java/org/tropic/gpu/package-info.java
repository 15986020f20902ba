/**
 * Min-plus kernels and blocked Floyd–Warshall on NVIDIA GPUs. The CUDA driver API ({@code libcuda.so.1}) and NVRTC
 * ({@code libnvrtc}) are bound through the Foreign Function &amp; Memory API — no JNI, no JCuda — and loaded at run
 * time: without them {@link org.tropic.gpu.Gpu#probe()} says what is missing and the CPU path is unaffected. The
 * kernels ({@code minplus.cu}, a resource) are compiled by NVRTC for the device's architecture at first use and
 * cached. {@link org.tropic.gpu.GpuFloydWarshall} solves APSP with the distances on the device, or in host memory
 * streamed through it (the offload mode of Sao et al., HPDC'21 §4.3–4.5) when they do not fit.
 */
package org.tropic.gpu;

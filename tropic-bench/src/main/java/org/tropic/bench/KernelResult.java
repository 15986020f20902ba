package org.tropic.bench;

import org.tropic.semiring.Arithmetic;

/**
 * One kernel measurement by {@link KernelBench}.
 *
 * @param kernel the implementation's name ({@code vector-512}, {@code scalar}, ...)
 * @param arithmetic the arithmetic path
 * @param threads threads (cores) running at once, each on its own panels
 * @param size m = n = k of each thread's panels
 * @param callsPerRound kernel calls per thread in one timed round
 * @param gflops the aggregate rate over all threads, 2 flops per update
 * @param peakGflops the min-plus peak of this path on {@code threads} cores
 * @param fractionOfPeak median rate over peak
 * @param peakKind {@code float} or {@code int}: which peak the path is held against
 * @param mismatch empty if every thread's result equalled the scalar reference, else the first difference
 */
public record KernelResult(String kernel, Arithmetic arithmetic, int threads, int size, long callsPerRound,
    Timing gflops, double peakGflops, double fractionOfPeak, String peakKind, String mismatch) {

  /** Whether the kernel's output was checked and correct. */
  public boolean verified() {
    return mismatch.isEmpty();
  }
}

package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * On a GPU: the device kernels agree bit for bit with {@link ScalarMinPlusKernels} for every arithmetic, on fresh
 * random inputs (+∞ entries; negative weights on the exact path), sizes that are not multiples of the tiles, and
 * outputs poisoned before each run so that an element the kernel fails to write cannot pass by accident. Skipped
 * where there is no GPU.
 */
class GpuKernelParityTest {
  private static GpuContext gpu;
  private static GpuMinPlusKernels device;
  private static GpuMinPlusKernels dpx;
  private static final ScalarMinPlusKernels REFERENCE = new ScalarMinPlusKernels();

  @BeforeAll
  static void open() {
    if (!Gpu.probe().available()) {
      return;
    }
    gpu = Gpu.open();
    device = new GpuMinPlusKernels(gpu, gpu.kernels());
    dpx = new GpuMinPlusKernels(gpu, gpu.load(true));
  }

  @AfterAll
  static void close() {
    if (gpu != null) {
      gpu.close();
    }
  }

  static java.util.stream.Stream<Arguments> shapes() {
    int[][] shapes = {{1, 1, 1}, {5, 7, 3}, {127, 129, 15}, {128, 128, 16}, {200, 131, 17}, {257, 300, 64},
        {64, 513, 250}, {384, 384, 384}};
    return Arrays.stream(Arithmetic.values()).flatMap(a -> Arrays.stream(shapes)
        .map(s -> Arguments.of(a, s[0], s[1], s[2])));
  }

  @ParameterizedTest(name = "{0} {1}×{2}×{3}")
  @MethodSource("shapes")
  void srgemmAgreesWithTheScalarKernels(Arithmetic arithmetic, int m, int n, int k) {
    OnTheGpu.assumeGpu();
    Random random = new Random(System.nanoTime());
    int lda = k + 2;
    int ldb = n + 1;
    int ldc = n + 3;
    float[] a = randomMatrix(arithmetic, random, m * lda);
    float[] b = randomMatrix(arithmetic, random, k * ldb);
    float[] c = randomMatrix(arithmetic, random, m * ldc);
    float[] expected = c.clone();
    REFERENCE.multiplyMin(arithmetic, m, n, k, a, 0, lda, b, 0, ldb, expected, 0, ldc);
    for (GpuMinPlusKernels kernels : new GpuMinPlusKernels[] {device, dpx}) {
      float[] actual = c.clone();
      kernels.multiplyMin(arithmetic, m, n, k, a, 0, lda, b, 0, ldb, actual, 0, ldc);
      assertSameBits(kernels.name(), expected, actual);
    }
  }

  @ParameterizedTest(name = "{0} closure of {1}")
  @MethodSource("closureSizes")
  void closureAgreesWithTheScalarKernels(Arithmetic arithmetic, int n) {
    OnTheGpu.assumeGpu();
    Random random = new Random(System.nanoTime());
    int ld = n + 5;
    float[] t = randomMatrix(arithmetic, random, n * ld);
    for (int i = 0; i < n; i++) {
      t[i * ld + i] = arithmetic.encode(0f);
    }
    if (arithmetic == Arithmetic.EXACT_FLOAT) {
      // Negative arcs without negative cycles: potentials h make w'(u,v) = w(u,v) + h(u) − h(v) ≥ 0.
      float[] h = new float[n];
      for (int i = 0; i < n; i++) {
        h[i] = random.nextInt(50);
      }
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          float w = t[i * ld + j];
          if (i != j && w != Float.POSITIVE_INFINITY) {
            t[i * ld + j] = Math.abs(w) - h[i] + h[j];
          }
        }
      }
    }
    float[] expected = t.clone();
    REFERENCE.closure(arithmetic, n, expected, 0, ld);
    float[] actual = t.clone();
    device.closure(arithmetic, n, actual, 0, ld);
    assertSameBits("closure", expected, actual);
  }

  static java.util.stream.Stream<Arguments> closureSizes() {
    int[] sizes = {1, 7, 32, 100, 128, 129, 256, 300};
    return Arrays.stream(Arithmetic.values()).flatMap(a -> Arrays.stream(sizes).mapToObj(n -> Arguments.of(a, n)));
  }

  static float[] randomMatrix(Arithmetic arithmetic, Random random, int length) {
    float[] values = new float[length];
    for (int i = 0; i < length; i++) {
      values[i] = HostMinUpdateTest.value(arithmetic, random);
    }
    return values;
  }

  static void assertSameBits(String what, float[] expected, float[] actual) {
    for (int i = 0; i < expected.length; i++) {
      if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
        assertThat(actual[i]).as("%s: element %d", what, i).isEqualTo(expected[i]);
      }
    }
  }
}

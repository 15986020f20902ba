package org.tropic.semiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Vector API kernels must agree bit for bit with the scalar reference, on every size that exercises a ragged
 * strip or a vector tail, in every arithmetic path, with +∞ and (for exact float) negative entries mixed in.
 */
class KernelParityTest {
  private static final int[] SIZES = {1, 4, 6, 8, 13, 16, 17, 31, 32, 33, 47, 64, 65, 100};

  private final MinPlusKernels scalar = new ScalarMinPlusKernels();
  private final MinPlusKernels vector = VectorMinPlusKernels.createIfSupported();

  @Test
  void theBestKernelsAreTheVectorOnesWhenTheModuleIsPresent() {
    assertThat(MinPlusKernels.best().name()).startsWith("vector-");
  }

  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void multiplyMinAgreesWithScalarOnRaggedShapes(Arithmetic arithmetic) {
    Random random = new Random(42);
    for (int m : SIZES) {
      for (int n : new int[] {1, 7, 16, 33, 64, 70}) {
        for (int k : new int[] {1, 5, 32, 41, 300}) {
          int lda = k + random.nextInt(3);
          int ldb = n + random.nextInt(3);
          int ldc = n + random.nextInt(3);
          float[] a = randomMatrix(random, arithmetic, m * lda + 2);
          float[] b = randomMatrix(random, arithmetic, k * ldb + 2);
          float[] c = randomMatrix(random, arithmetic, m * ldc + 2);
          float[] expected = c.clone();
          scalar.multiplyMin(arithmetic, m, n, k, a, 1, lda, b, 2, ldb, expected, 1, ldc);
          float[] viaUnpacked = c.clone();
          vector.multiplyMin(arithmetic, m, n, k, a, 1, lda, b, 2, ldb, viaUnpacked, 1, ldc);
          float[] viaPacked = c.clone();
          vector.multiplyMin(arithmetic, vector.packLeft(arithmetic, m, k, a, 1, lda),
              vector.packRight(arithmetic, k, n, b, 2, ldb), viaPacked, 1, ldc);
          assertBitsEqual(viaUnpacked, expected, arithmetic + " " + m + "x" + n + "x" + k);
          assertBitsEqual(viaPacked, expected, arithmetic + " packed " + m + "x" + n + "x" + k);
        }
      }
    }
  }

  /** C wider than one column block of the kernel's loop, ragged at and past the block edge. */
  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void multiplyMinAgreesWithScalarAcrossColumnBlocks(Arithmetic arithmetic) {
    Random random = new Random(3);
    int nc = VectorMinPlusKernels.NC;
    for (int n : new int[] {nc - 1, nc, nc + 1, 2 * nc + 17}) {
      for (int m : new int[] {9, 70}) {
        for (int k : new int[] {3, VectorMinPlusKernels.KC + 44}) {
          float[] a = randomMatrix(random, arithmetic, m * k);
          float[] b = randomMatrix(random, arithmetic, k * n);
          float[] c = randomMatrix(random, arithmetic, m * n);
          float[] expected = c.clone();
          scalar.multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, expected, 0, n);
          vector.multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, c, 0, n);
          assertBitsEqual(c, expected, arithmetic + " " + m + "x" + n + "x" + k);
        }
      }
    }
  }

  /** Packing Aᵀ straight from A must multiply exactly like packing an explicit transpose, in both kernels. */
  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void transposedPackingMultipliesLikeAnExplicitTranspose(Arithmetic arithmetic) {
    Random random = new Random(11);
    for (MinPlusKernels kernels : new MinPlusKernels[] {scalar, vector}) {
      PackedPanel reusedLeft = null;
      PackedPanel reusedRight = null;
      for (int m : SIZES) {
        for (int n : new int[] {1, 7, 33, 70}) {
          int k = 1 + random.nextInt(80);
          int ld = Math.max(k, Math.max(m, n)) + random.nextInt(3);
          float[] aT = randomMatrix(random, arithmetic, k * ld + 1); // A is m×k, held as Aᵀ (k×m)
          float[] bT = randomMatrix(random, arithmetic, n * ld + 1); // B is k×n, held as Bᵀ (n×k)
          float[] a = transpose(k, m, aT, 1, ld);
          float[] b = transpose(n, k, bT, 1, ld);
          float[] c = randomMatrix(random, arithmetic, m * n);
          float[] expected = c.clone();
          scalar.multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, expected, 0, n);
          reusedLeft = kernels.packLeftTransposed(arithmetic, m, k, aT, 1, ld, reusedLeft);
          reusedRight = kernels.packRightTransposed(arithmetic, k, n, bT, 1, ld, reusedRight);
          kernels.multiplyMin(arithmetic, reusedLeft, reusedRight, c, 0, n);
          assertBitsEqual(c, expected, kernels.name() + " " + arithmetic + " transposed " + m + "x" + n + "x" + k);
        }
      }
    }
  }

  /** The sparse-left product must give the dense product's bits, in both kernels, at every density and shape. */
  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void sparseLeftProductAgreesWithTheDenseOne(Arithmetic arithmetic) {
    Random random = new Random(13);
    for (int m : new int[] {1, 9, 33}) {
      for (int n : new int[] {1, 31, 32, 70, 256}) {
        for (int k : new int[] {1, 17, 64}) {
          for (double finite : new double[] {0, 0.02, 0.3, 1}) {
            float[] a = sparseMatrix(random, arithmetic, m * k, finite);
            float[] b = randomMatrix(random, arithmetic, k * n);
            float[] c = randomMatrix(random, arithmetic, m * n);
            float[] expected = c.clone();
            scalar.multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, expected, 0, n);
            SparsePanel sparse = SparsePanel.of(arithmetic, m, k, a, 0, k, m * k);
            for (MinPlusKernels kernels : new MinPlusKernels[] {scalar, vector, new DensifyingKernels(vector)}) {
              float[] actual = c.clone();
              kernels.multiplyMin(arithmetic, sparse, kernels.packRight(arithmetic, k, n, b, 0, n), actual, 0, n);
              assertBitsEqual(actual, expected,
                  kernels.name() + " " + arithmetic + " sparse " + m + "x" + n + "x" + k + " at " + finite);
            }
          }
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void closureAgreesWithScalar(Arithmetic arithmetic) {
    Random random = new Random(7);
    for (int n : SIZES) {
      int ld = n + random.nextInt(4);
      float[] t = randomMatrix(random, arithmetic, n * ld);
      for (int i = 0; i < n; i++) {
        t[i * ld + i] = arithmetic.encode(0f);
      }
      float[] expected = t.clone();
      scalar.closure(arithmetic, n, expected, 0, ld);
      vector.closure(arithmetic, n, t, 0, ld);
      assertBitsEqual(t, expected, arithmetic + " closure n=" + n);
    }
  }

  @ParameterizedTest
  @EnumSource(Arithmetic.class)
  void parallelProductAgreesWithScalarOnEveryThreadCount(Arithmetic arithmetic) {
    Random random = new Random(5);
    int m = 700;
    int n = 90;
    int k = 300;
    float[] a = randomMatrix(random, arithmetic, m * k);
    float[] b = randomMatrix(random, arithmetic, k * n);
    float[] c = randomMatrix(random, arithmetic, m * n);
    float[] expected = c.clone();
    scalar.multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, expected, 0, n);
    for (int threads = 1; threads <= 3; threads++) {
      float[] actual = c.clone();
      new ParallelMinPlus(vector).multiplyMin(arithmetic, m, n, k, a, 0, k, b, 0, n, actual, 0, n, threads);
      assertBitsEqual(actual, expected, arithmetic + " parallel, " + threads + " threads");
    }
  }

  @Test
  void int32SaturatesAtInfinityWithoutOverflow() {
    float inf = Arithmetic.INT32.infinity();
    float[] a = {inf, inf};
    float[] b = {inf, Arithmetic.INT32.encode(5)};
    float[] c = {inf};
    vector.multiplyMin(Arithmetic.INT32, 1, 1, 2, a, 0, 2, b, 0, 1, c, 0, 1);
    assertThat(Arithmetic.INT32.decode(c[0])).isEqualTo(Float.POSITIVE_INFINITY);
  }

  /** Entries finite with probability {@code finite}, +∞ otherwise. */
  private static float[] sparseMatrix(Random random, Arithmetic arithmetic, int size, double finite) {
    float[] values = randomMatrix(random, arithmetic, size);
    for (int i = 0; i < size; i++) {
      if (random.nextDouble() >= finite) {
        values[i] = arithmetic.infinity();
      }
    }
    return values;
  }

  /** Kernels that keep the interface's default sparse product, which the GPU kernels use. */
  private record DensifyingKernels(MinPlusKernels dense) implements MinPlusKernels {
    @Override
    public String name() {
      return "densifying " + dense.name();
    }

    @Override
    public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda, float[] b,
        int bOff, int ldb, float[] c, int cOff, int ldc) {
      dense.multiplyMin(arithmetic, m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc);
    }

    @Override
    public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
      return dense.packLeft(arithmetic, m, k, a, aOff, lda);
    }

    @Override
    public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
      return dense.packRight(arithmetic, k, n, b, bOff, ldb);
    }

    @Override
    public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
      dense.multiplyMin(arithmetic, a, b, c, cOff, ldc);
    }

    @Override
    public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
      dense.closure(arithmetic, n, t, off, ld);
    }
  }

  private static float[] transpose(int rows, int cols, float[] src, int off, int ld) {
    float[] t = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        t[c * rows + r] = src[off + r * ld + c];
      }
    }
    return t;
  }

  private static float[] randomMatrix(Random random, Arithmetic arithmetic, int size) {
    float[] values = new float[size];
    for (int i = 0; i < size; i++) {
      float value;
      if (random.nextInt(5) == 0) {
        value = Float.POSITIVE_INFINITY;
      } else if (arithmetic == Arithmetic.INT32) {
        value = random.nextInt(1000);
      } else if (arithmetic == Arithmetic.EXACT_FLOAT) {
        value = random.nextFloat() * 100 - 20;
      } else {
        value = random.nextFloat() * 100;
      }
      values[i] = arithmetic.encode(value);
    }
    return values;
  }

  private static void assertBitsEqual(float[] actual, float[] expected, String what) {
    for (int i = 0; i < expected.length; i++) {
      if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(expected[i])) {
        throw new AssertionError(what + ": element " + i + " is " + actual[i] + ", scalar gives " + expected[i]);
      }
    }
  }
}

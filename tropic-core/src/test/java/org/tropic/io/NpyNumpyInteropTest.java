package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.io.DistanceStore.IntRowSource;
import org.tropic.io.DistanceStore.RowSource;

/** Files Tropic writes open in NumPy, and files NumPy writes open in Tropic; skipped without python3 + numpy. */
class NpyNumpyInteropTest {
  @TempDir Path dir;

  @Test
  void numpyMapsWhatTropicWrites() throws Exception {
    int n = 37;
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(n, 42, null);
    Path out = dir.resolve("tropic.npy");
    Path raw = dir.resolve("expected.raw");
    Files.write(raw, NpyTestSupport.rawLittleEndian(matrix));
    IntRowSource predecessors = new IntRowSource() {
      @Override
      public int size() {
        return n;
      }

      @Override
      public void copyRow(int u, int[] dst) {
        for (int v = 0; v < n; v++) {
          dst[v] = u == v ? -1 : v * 1000 + u;
        }
      }
    };
    DistanceStore.write(RowSource.of(matrix), predecessors, out, NpyTestSupport.sidecar(n, null), Progress.NONE);

    String result = NpyTestSupport.python("""
        import sys, numpy as np
        npy, raw, pred, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
        a = np.load(npy, mmap_mode='r')
        assert isinstance(a, np.memmap), type(a)
        assert a.dtype == np.dtype('<f4') and a.shape == (n, n) and a.flags.c_contiguous, (a.dtype, a.shape)
        expected = np.fromfile(raw, dtype='<u4').reshape(n, n)
        assert np.array_equal(a.view('<u4'), expected), 'values differ'
        p = np.load(pred, mmap_mode='r')
        assert p.dtype == np.dtype('<i4') and p.shape == (n, n)
        u, v = np.indices((n, n))
        assert np.array_equal(p, np.where(u == v, -1, v * 1000 + u)), 'predecessors differ'
        print('ok', int(np.isinf(a).sum()))
        """, out.toString(), raw.toString(), DistanceStore.predecessorsPathFor(out).toString(),
        Integer.toString(n));
    assertThat(result.strip()).startsWith("ok ");
    assertThat(Integer.parseInt(result.strip().substring(3))).as("infinities seen by numpy").isPositive();
  }

  @Test
  void vectorHeadersAreByteForByteWhatNumpyWrites() throws Exception {
    for (NpyHeader.Dtype dtype : NpyHeader.Dtype.values()) {
      for (long length : new long[] {0, 1, 7, 123_456_789L}) {
        Path ours = dir.resolve("ours-" + dtype + "-" + length + ".bin");
        Files.write(ours, NpyHeader.vector(dtype, length));
        String result = NpyTestSupport.python("""
            import io, sys, numpy as np
            try:
                import numpy.lib._format_impl as f
            except ImportError:
                import numpy.lib.format as f
            d = {'descr': sys.argv[2], 'fortran_order': False, 'shape': (int(sys.argv[3]),)}
            buf = io.BytesIO()
            f.write_array_header_1_0(buf, d)
            ours = open(sys.argv[1], 'rb').read()
            print('same' if ours == buf.getvalue() else 'differ: %r vs %r' % (ours, buf.getvalue()))
            """, ours.toString(), dtype.descr(), Long.toString(length));
        assertThat(result.strip()).as("%s of %d", dtype, length).isEqualTo("same");
      }
    }
  }

  @Test
  void tropicMapsWhatNumpyWritesInVersions1And2() throws Exception {
    Path v1 = dir.resolve("v1.npy");
    Path v2 = dir.resolve("v2.npy");
    Path raw = dir.resolve("values.raw");
    Path ints = dir.resolve("ints.npy");
    NpyTestSupport.python("""
        import sys, numpy as np
        try:
            import numpy.lib._format_impl as f
        except ImportError:
            import numpy.lib.format as f
        rng = np.random.default_rng(7)
        n = 53
        a = (rng.standard_normal((n, n)) * 10.0 ** rng.integers(-10, 10, (n, n))).astype('<f4')
        special = np.array([np.inf, 0.0, -0.0, 1e-45, 1e-40, -1e-42, 3.4e38, -np.inf], dtype='<f4')
        mask = rng.integers(0, 4, (n, n)) == 0
        a[mask] = special[rng.integers(0, len(special), mask.sum())]
        np.save(sys.argv[1], a)
        with open(sys.argv[2], 'wb') as out:
            f.write_array(out, a, version=(2, 0))
        a.tofile(sys.argv[3])
        np.save(sys.argv[4], np.arange(n * n, dtype='<i4').reshape(n, n) - 5)
        """, v1.toString(), v2.toString(), raw.toString(), ints.toString());
    float[] expected = NpyTestSupport.floatsOf(Files.readAllBytes(raw));

    for (Path file : new Path[] {v1, v2}) {
      try (NpyDistanceMatrix matrix = NpyDistanceMatrix.openWithoutSidecar(file, null)) {
        int n = matrix.size();
        assertThat(n).isEqualTo(53);
        float[] row = new float[n];
        for (int u = 0; u < n; u++) {
          matrix.copyRow(u, row);
          for (int v = 0; v < n; v++) {
            int bits = Float.floatToRawIntBits(expected[u * n + v]);
            if (Float.floatToRawIntBits(row[v]) != bits || Float.floatToRawIntBits(matrix.get(u, v)) != bits) {
              throw new AssertionError(file + " (" + u + ", " + v + "): " + row[v] + " vs " + expected[u * n + v]);
            }
          }
        }
      }
    }
    try (NpyIntMatrix matrix = NpyIntMatrix.open(ints)) {
      assertThat(matrix.get(0, 0)).isEqualTo(-5);
      assertThat(matrix.get(52, 52)).isEqualTo(53 * 53 - 6);
    }
  }

  @Test
  void tropicRefusesNumpyFilesItCannotServeWithTheHeaderQuoted() throws Exception {
    Path fortran = dir.resolve("fortran.npy");
    Path big = dir.resolve("big.npy");
    Path doubles = dir.resolve("doubles.npy");
    Path vector = dir.resolve("vector.npy");
    NpyTestSupport.python("""
        import sys, numpy as np
        a = np.arange(12, dtype='<f4').reshape(3, 4)
        np.save(sys.argv[1], np.asfortranarray(np.ones((3, 3), dtype='<f4')))
        np.save(sys.argv[2], np.ones((3, 3), dtype='>f4'))
        np.save(sys.argv[3], np.ones((3, 3)))
        np.save(sys.argv[4], np.ones(9, dtype='<f4'))
        """, fortran.toString(), big.toString(), doubles.toString(), vector.toString());

    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(fortran, null))
        .isInstanceOf(NpyFormatException.class).hasMessageContaining("fortran.npy")
        .hasMessageContaining("'fortran_order': True");
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(big, null))
        .hasMessageContaining("big.npy").hasMessageContaining("'descr': '>f4'");
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(doubles, null))
        .hasMessageContaining("doubles.npy").hasMessageContaining("'<f8' where '<f4'");
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(vector, null))
        .hasMessageContaining("vector.npy").hasMessageContaining("'shape': (9,)");
  }

  @Test
  void rejectedHeaderIsReportedEvenForATropicHeaderEditedByHand() throws IOException {
    Path file = dir.resolve("edited.npy");
    byte[] header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, 2, 2).toBytes();
    String text = new String(header, java.nio.charset.StandardCharsets.ISO_8859_1).replace("False", "True ");
    Files.write(file, text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(file, null))
        .hasMessageContaining("edited.npy").hasMessageContaining("Fortran");
  }
}

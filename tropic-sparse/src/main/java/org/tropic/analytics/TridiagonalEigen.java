package org.tropic.analytics;

/**
 * Eigenvalues and eigenvectors of a small symmetric tridiagonal matrix — what Lanczos needs for its Ritz values,
 * their residual bounds (the eigenvectors' last components) and its Ritz vectors — by the implicit QL method with
 * Wilkinson-style shifts (Bowdler, Martin, Reinsch &amp; Wilkinson 1968, EISPACK tql2), with the full O(m³)
 * eigenvector update: m stays in the hundreds.
 */
final class TridiagonalEigen {
  private static final int MAX_SWEEPS = 60;

  /** Eigenvalues ascending. */
  final double[] values;
  /** {@code lastComponents[i]}: the last component of the unit eigenvector of {@code values[i]}. */
  final double[] lastComponents;
  /** {@code vectors[i]}: the unit eigenvector of {@code values[i]}, m components. */
  final double[][] vectors;

  private TridiagonalEigen(double[] values, double[] lastComponents, double[][] vectors) {
    this.values = values;
    this.lastComponents = lastComponents;
    this.vectors = vectors;
  }

  /**
   * @param diagonal the m diagonal entries
   * @param offDiagonal the m−1 entries below (and above) the diagonal
   */
  static TridiagonalEigen of(double[] diagonal, double[] offDiagonal, int m) {
    double[] d = java.util.Arrays.copyOf(diagonal, m);
    double[] e = new double[m];
    System.arraycopy(offDiagonal, 0, e, 0, m - 1);
    double[][] z = new double[m][m];
    for (int i = 0; i < m; i++) {
      z[i][i] = 1;
    }
    double shiftSum = 0;
    double scale = 0;
    double eps = Math.ulp(1.0);
    for (int l = 0; l < m; l++) {
      scale = Math.max(scale, Math.abs(d[l]) + Math.abs(e[l]));
      int end = l;
      while (end < m - 1 && Math.abs(e[end]) > eps * scale) {
        end++;
      }
      int sweeps = 0;
      while (end > l) {
        if (++sweeps > MAX_SWEEPS) {
          throw new ArithmeticException("tridiagonal QL did not converge in " + MAX_SWEEPS + " sweeps");
        }
        double g = d[l];
        double p = (d[l + 1] - g) / (2 * e[l]);
        double r = Math.hypot(p, 1);
        if (p < 0) {
          r = -r;
        }
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        double dl1 = d[l + 1];
        double h = g - d[l];
        for (int i = l + 2; i < m; i++) {
          d[i] -= h;
        }
        shiftSum += h;
        p = d[end];
        double c = 1;
        double c2 = c;
        double c3 = c;
        double el1 = e[l + 1];
        double s = 0;
        double s2 = 0;
        for (int i = end - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (int k = 0; k < m; k++) {
            h = z[k][i + 1];
            z[k][i + 1] = s * z[k][i] + c * h;
            z[k][i] = c * z[k][i] - s * h;
          }
        }
        p = -s * s2 * c3 * el1 * e[l] / dl1;
        e[l] = s * p;
        d[l] = c * p;
        end = l;
        while (end < m - 1 && Math.abs(e[end]) > eps * scale) {
          end++;
        }
      }
      d[l] += shiftSum;
      e[l] = 0;
    }
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> Double.compare(d[a], d[b]));
    double[] values = new double[m];
    double[] last = new double[m];
    double[][] vectors = new double[m][m];
    for (int i = 0; i < m; i++) {
      values[i] = d[order[i]];
      last[i] = z[m - 1][order[i]];
      for (int k = 0; k < m; k++) {
        vectors[i][k] = z[k][order[i]];
      }
    }
    return new TridiagonalEigen(values, last, vectors);
  }
}

package org.tropic.analytics;

import org.tropic.graph.Graph;

/**
 * Dense double-precision oracles for small graphs, written independently of the sparse code: the adjacency matrix,
 * the cyclic Jacobi eigenvalue method, the matrix exponential by scaling and squaring with a Taylor series, and
 * Gaussian elimination with partial pivoting.
 */
final class Dense {
  private Dense() {}

  /** A[u][v] = weight of u→v. */
  static double[][] adjacency(Graph g) {
    int n = g.vertexCount();
    double[][] a = new double[n][n];
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        a[u][g.targets()[e]] = g.weights()[e];
      }
    }
    return a;
  }

  static double[][] transpose(double[][] a) {
    int n = a.length;
    double[][] t = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  /** Eigenvalues (ascending) and eigenvectors (columns of vectors[][]) of a symmetric matrix, by cyclic Jacobi. */
  record Eigen(double[] values, double[][] vectors) {}

  static Eigen jacobi(double[][] symmetric) {
    int n = symmetric.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = symmetric[i].clone();
    }
    double[][] v = new double[n][n];
    for (int i = 0; i < n; i++) {
      v[i][i] = 1;
    }
    for (int sweep = 0; sweep < 100; sweep++) {
      double off = 0;
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          off += a[i][j] * a[i][j];
        }
      }
      if (off < 1e-26) {
        break;
      }
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          if (Math.abs(a[p][q]) < 1e-300) {
            continue;
          }
          double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
          double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          if (theta == 0) {
            t = 1;
          }
          double c = 1 / Math.sqrt(t * t + 1);
          double s = t * c;
          for (int k = 0; k < n; k++) {
            double akp = a[k][p];
            double akq = a[k][q];
            a[k][p] = c * akp - s * akq;
            a[k][q] = s * akp + c * akq;
          }
          for (int k = 0; k < n; k++) {
            double apk = a[p][k];
            double aqk = a[q][k];
            a[p][k] = c * apk - s * aqk;
            a[q][k] = s * apk + c * aqk;
          }
          for (int k = 0; k < n; k++) {
            double vkp = v[k][p];
            double vkq = v[k][q];
            v[k][p] = c * vkp - s * vkq;
            v[k][q] = s * vkp + c * vkq;
          }
        }
      }
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(a[x][x], a[y][y]));
    double[] values = new double[n];
    double[][] vectors = new double[n][n];
    for (int j = 0; j < n; j++) {
      values[j] = a[order[j]][order[j]];
      for (int i = 0; i < n; i++) {
        vectors[i][j] = v[i][order[j]];
      }
    }
    return new Eigen(values, vectors);
  }

  /** exp(A) by scaling and squaring: exp(A/2^s) by 30 Taylor terms, squared s times. */
  static double[][] expm(double[][] a) {
    int n = a.length;
    double norm = 0;
    for (double[] row : a) {
      double s = 0;
      for (double x : row) {
        s += Math.abs(x);
      }
      norm = Math.max(norm, s);
    }
    int squarings = Math.max(0, (int) Math.ceil(Math.log(Math.max(norm, 1e-300) / 0.5) / Math.log(2)));
    double scale = Math.pow(2, -squarings);
    double[][] x = new double[n][n];
    double[][] term = new double[n][n];
    for (int i = 0; i < n; i++) {
      x[i][i] = 1;
      term[i][i] = 1;
    }
    for (int k = 1; k <= 30; k++) {
      term = multiply(term, a);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          term[i][j] *= scale / k;
          x[i][j] += term[i][j];
        }
      }
    }
    for (int s = 0; s < squarings; s++) {
      x = multiply(x, x);
    }
    return x;
  }

  static double[][] multiply(double[][] a, double[][] b) {
    int n = a.length;
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < n; k++) {
        double aik = a[i][k];
        if (aik == 0) {
          continue;
        }
        for (int j = 0; j < n; j++) {
          c[i][j] += aik * b[k][j];
        }
      }
    }
    return c;
  }

  static double[] multiply(double[][] a, double[] x) {
    int n = a.length;
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        y[i] += a[i][j] * x[j];
      }
    }
    return y;
  }

  /** Solves M·x = b by Gaussian elimination with partial pivoting. */
  static double[] solve(double[][] m, double[] b) {
    int n = b.length;
    double[][] a = new double[n][];
    for (int i = 0; i < n; i++) {
      a[i] = java.util.Arrays.copyOf(m[i], n + 1);
      a[i][n] = b[i];
    }
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
          pivot = r;
        }
      }
      double[] t = a[col];
      a[col] = a[pivot];
      a[pivot] = t;
      for (int r = col + 1; r < n; r++) {
        double f = a[r][col] / a[col][col];
        for (int c = col; c <= n; c++) {
          a[r][c] -= f * a[col][c];
        }
      }
    }
    double[] x = new double[n];
    for (int r = n - 1; r >= 0; r--) {
      double s = a[r][n];
      for (int c = r + 1; c < n; c++) {
        s -= a[r][c] * x[c];
      }
      x[r] = s / a[r][r];
    }
    return x;
  }
}

package org.tropic.analytics;

/** The dense vector steps between sparse products, accumulated in double so long sums do not drift. */
final class VectorMath {
  private VectorMath() {}

  static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }

  static double norm2(float[] a) {
    return Math.sqrt(dot(a, a));
  }

  static double sum(float[] a) {
    double s = 0;
    for (float v : a) {
      s += v;
    }
    return s;
  }

  /** Σ|a − b|. */
  static double distance1(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += Math.abs((double) a[i] - b[i]);
    }
    return s;
  }

  /** max |a − b|. */
  static double distanceMax(float[] a, float[] b) {
    double m = 0;
    for (int i = 0; i < a.length; i++) {
      m = Math.max(m, Math.abs((double) a[i] - b[i]));
    }
    return m;
  }

  /** ‖a − b‖₂. */
  static double distance2(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      double d = (double) a[i] - b[i];
      s += d * d;
    }
    return Math.sqrt(s);
  }

  static void scale(float[] a, double factor) {
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) (a[i] * factor);
    }
  }

  static double[] toDouble(float[] a) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i];
    }
    return out;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  static double norm(double[] a) {
    return Math.sqrt(dot(a, a));
  }

  /** y ← y + alpha·x. */
  static void axpy(double alpha, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += alpha * x[i];
    }
  }

  static void scale(double[] a, double factor) {
    for (int i = 0; i < a.length; i++) {
      a[i] *= factor;
    }
  }
}

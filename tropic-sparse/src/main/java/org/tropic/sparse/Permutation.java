package org.tropic.sparse;

import java.util.Arrays;

/**
 * A renumbering of vertices {@code 0..n-1}: {@code newId(old)} and its inverse {@code oldId(new)}. A reordered
 * {@link BlockCoo} keeps one so that vectors go in and answers come back in the graph's original ids.
 */
public final class Permutation {
  private final int[] newIdOf;
  private final int[] oldIdOf;

  private Permutation(int[] newIdOf, int[] oldIdOf) {
    this.newIdOf = newIdOf;
    this.oldIdOf = oldIdOf;
  }

  /** The identity on {@code n} vertices. */
  public static Permutation identity(int n) {
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    return new Permutation(ids, ids);
  }

  /**
   * The permutation sending vertex {@code i} to {@code newIdOf[i]}; the array is copied.
   *
   * @throws IllegalArgumentException naming the first value out of range or repeated
   */
  public static Permutation ofNewIds(int[] newIdOf) {
    int n = newIdOf.length;
    int[] oldIdOf = new int[n];
    Arrays.fill(oldIdOf, -1);
    for (int old = 0; old < n; old++) {
      int id = newIdOf[old];
      if (id < 0 || id >= n) {
        throw new IllegalArgumentException("new id " + id + " of vertex " + old + " is outside 0.." + (n - 1));
      }
      if (oldIdOf[id] >= 0) {
        throw new IllegalArgumentException("new id " + id + " is given to both vertex " + oldIdOf[id] + " and " + old);
      }
      oldIdOf[id] = old;
    }
    return new Permutation(newIdOf.clone(), oldIdOf);
  }

  /** The permutation whose new vertex {@code i} is the old vertex {@code oldIdOf[i]}; the array is copied. */
  public static Permutation ofOldIds(int[] oldIdOf) {
    return ofNewIds(oldIdOf).inverse();
  }

  public int size() {
    return newIdOf.length;
  }

  public int newId(int oldId) {
    return newIdOf[oldId];
  }

  public int oldId(int newId) {
    return oldIdOf[newId];
  }

  public boolean isIdentity() {
    for (int i = 0; i < newIdOf.length; i++) {
      if (newIdOf[i] != i) {
        return false;
      }
    }
    return true;
  }

  public Permutation inverse() {
    return new Permutation(oldIdOf, newIdOf);
  }

  /** A copy of the new ids, indexed by old id. */
  public int[] newIds() {
    return newIdOf.clone();
  }

  /** {@code out[newId(i)] = in[i]}: a vector indexed by original id, renumbered. */
  public float[] toNew(float[] byOldId) {
    checkLength(byOldId.length);
    float[] out = new float[byOldId.length];
    for (int i = 0; i < out.length; i++) {
      out[newIdOf[i]] = byOldId[i];
    }
    return out;
  }

  /** {@code out[i] = in[newId(i)]}: a vector indexed by new id, back in original ids. */
  public float[] toOld(float[] byNewId) {
    checkLength(byNewId.length);
    float[] out = new float[byNewId.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = byNewId[newIdOf[i]];
    }
    return out;
  }

  /** {@code out[i] = in[newId(i)]} for doubles. */
  public double[] toOld(double[] byNewId) {
    checkLength(byNewId.length);
    double[] out = new double[byNewId.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = byNewId[newIdOf[i]];
    }
    return out;
  }

  /** {@code out[i] = in[newId(i)]} for ints. */
  public int[] toOld(int[] byNewId) {
    checkLength(byNewId.length);
    int[] out = new int[byNewId.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = byNewId[newIdOf[i]];
    }
    return out;
  }

  private void checkLength(int length) {
    if (length != newIdOf.length) {
      throw new IllegalArgumentException("vector of length " + length + " for a permutation of " + newIdOf.length);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Permutation other && Arrays.equals(newIdOf, other.newIdOf);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(newIdOf);
  }

  @Override
  public String toString() {
    return "Permutation[n=" + newIdOf.length + (isIdentity() ? ", identity]" : "]");
  }
}

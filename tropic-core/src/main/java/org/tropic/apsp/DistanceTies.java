package org.tropic.apsp;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Distances that differ by float rounding alone, taken as one tie so that a ranking's documented tie-breaks decide
 * between them. A path's length is a float sum of float edge lengths: two paths of one length in exact arithmetic
 * (−ln(1/14) against −ln(1/2) − ln(1/7), or −ln(1/26 · 1/8) against −ln(1/26) − ln(1/4) − ln(1/2)) can come out a
 * float step apart, and an exact comparison would then order them by that step, not by hops, linking terms or id.
 *
 * <p>Distances sorted ascending are grouped while within {@link #RELATIVE} of their group's first; each group has
 * that first distance as its fixed key, so ordering by key stays transitive (a chain of near neighbours does not
 * merge without end, as "within tolerance of each other" would).
 */
public final class DistanceTies {
  /**
   * Relative difference up to which two distances are one tie: about 8 float steps, the rounding a sum of up to
   * some 16 float edge lengths can gather; distances stored as float32 cannot tell closer ones apart anyway.
   */
  public static final double RELATIVE = 1e-6;

  private DistanceTies() {}

  /** Whether {@code distance} (not below {@code first}) joins the tie whose smallest distance is {@code first}. */
  public static boolean joins(double first, double distance) {
    return distance - first <= RELATIVE * Math.abs(first);
  }

  /** For distances in ascending order, the key of each one's tie: the first (smallest) distance of its group. */
  public static double[] keysOfSorted(double[] ascending) {
    double[] keys = new double[ascending.length];
    double first = Double.NaN;
    for (int i = 0; i < ascending.length; i++) {
      if (i > 0 && ascending[i] < ascending[i - 1]) {
        throw new IllegalArgumentException("distances not in ascending order at " + i + ": " + ascending[i - 1]
            + " then " + ascending[i]);
      }
      if (!joins(first, ascending[i])) {
        first = ascending[i];
      }
      keys[i] = first;
    }
    return keys;
  }

  /**
   * A comparator ordering {@code items} by the key of their distance's tie, so items whose distances differ by
   * rounding alone compare equal and a following {@code thenComparing} decides. The ties are those of these items
   * (compared by identity); the comparator answers for them alone.
   */
  public static <T> Comparator<T> byDistance(Collection<? extends T> items, ToDoubleFunction<? super T> distance) {
    List<T> sorted = new ArrayList<>(items);
    sorted.sort(Comparator.comparingDouble(distance));
    double[] ascending = new double[sorted.size()];
    for (int i = 0; i < ascending.length; i++) {
      ascending[i] = distance.applyAsDouble(sorted.get(i));
    }
    double[] keys = keysOfSorted(ascending);
    Map<T, Double> key = new IdentityHashMap<>();
    for (int i = 0; i < keys.length; i++) {
      key.put(sorted.get(i), keys[i]);
    }
    return Comparator.comparingDouble(item -> {
      Double k = key.get(item);
      if (k == null) {
        throw new IllegalArgumentException("not one of the items whose ties were grouped: " + item);
      }
      return k;
    });
  }
}

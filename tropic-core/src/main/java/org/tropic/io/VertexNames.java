package org.tropic.io;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import org.tropic.graph.GraphBuilder;

/**
 * Gives the vertices of an edge list or SIF file their dense ids, in order of first appearance, and their labels
 * (the names as written). While every name is a plain decimal integer (optional {@code -}, no leading zeros) names
 * are looked up as numbers, creating a string only once per vertex; the first other name switches to string
 * lookup for the rest of the file. At the end, all-integer names are ordered numerically ({@link #finish}); other
 * names keep the order of first appearance.
 */
final class VertexNames {
  /** Numeric order of canonical decimal integers, without parsing: sign, then length, then digits. */
  static final Comparator<String> NUMERIC = (a, b) -> {
    boolean aNegative = a.charAt(0) == '-';
    boolean bNegative = b.charAt(0) == '-';
    if (aNegative != bNegative) {
      return aNegative ? -1 : 1;
    }
    int byMagnitude = a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    return aNegative ? -byMagnitude : byMagnitude;
  };

  private final GraphBuilder builder;
  private Long2IntOpenHashMap idOfNumber = new Long2IntOpenHashMap();

  VertexNames(GraphBuilder labelledBuilder) {
    this.builder = labelledBuilder;
    idOfNumber.defaultReturnValue(-1);
  }

  /** The id of the vertex named by bytes {@code from..to} of {@code b}, created if new. */
  int id(byte[] b, int from, int to) {
    if (idOfNumber != null) {
      long number = Numbers.parseLong(b, from, to);
      if (number != Numbers.NOT_AN_INTEGER) {
        int id = idOfNumber.get(number);
        if (id < 0) {
          id = builder.vertex(Long.toString(number));
          idOfNumber.put(number, id);
        }
        return id;
      }
      idOfNumber = null;
    }
    return builder.vertex(new String(b, from, to - from, StandardCharsets.UTF_8));
  }

  /** Whether every name so far was a plain decimal integer. */
  boolean allIntegers() {
    return idOfNumber != null;
  }

  /** Orders vertices numerically if every name was an integer; call once, before building. */
  GraphBuilder finish() {
    return allIntegers() ? builder.sortVertices(NUMERIC) : builder;
  }
}

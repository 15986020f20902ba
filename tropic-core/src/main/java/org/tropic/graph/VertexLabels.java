package org.tropic.graph;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.List;

/**
 * A bijection between dense vertex ids {@code 0..n-1} and the names users know vertices by (a CUI, a PMID, the
 * original integer id of an edge list). Immutable once built.
 */
public final class VertexLabels {
  private final String[] names;
  private final Object2IntOpenHashMap<String> ids;

  private VertexLabels(String[] names) {
    this.names = names;
    this.ids = new Object2IntOpenHashMap<>(names.length);
    this.ids.defaultReturnValue(-1);
    for (int i = 0; i < names.length; i++) {
      int earlier = ids.put(names[i], i);
      if (earlier != -1) {
        throw new DuplicateLabelException(names[i], earlier, i);
      }
    }
  }

  /**
   * Labels from names in id order; names must be distinct.
   *
   * @throws DuplicateLabelException naming the label and both its vertices otherwise
   */
  public static VertexLabels of(List<String> names) {
    return new VertexLabels(names.toArray(String[]::new));
  }

  /** Labels from names in id order; names must be distinct. The array is copied. */
  public static VertexLabels of(String... names) {
    return new VertexLabels(names.clone());
  }

  public int size() {
    return names.length;
  }

  /** The name of vertex {@code id}. */
  public String name(int id) {
    return names[id];
  }

  /** The id of the vertex named {@code name}, or -1 if there is none. */
  public int id(String name) {
    return ids.getInt(name);
  }

  /**
   * For a name no vertex has: the close names it may have meant, as {@code "; did you mean 'a' or 'b'?"} (see
   * {@link CloseNames}), or {@code ""}. For error messages: it reads every name.
   */
  public String hint(String name) {
    return CloseNames.hint(CloseNames.of(name, names.length, i -> names[i]));
  }

  /** All names in id order (a copy). */
  public List<String> names() {
    return List.of(names);
  }

  /** These labels reordered: the new vertex {@code i} is the old vertex {@code oldIdOf[i]}. */
  public VertexLabels permuted(int[] oldIdOf) {
    String[] permuted = new String[oldIdOf.length];
    for (int i = 0; i < oldIdOf.length; i++) {
      permuted[i] = names[oldIdOf[i]];
    }
    return new VertexLabels(permuted);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VertexLabels other && Arrays.equals(names, other.names);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(names);
  }
}

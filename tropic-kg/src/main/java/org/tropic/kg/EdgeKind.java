package org.tropic.kg;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The three ways DSNAPSHOT's literature graph (SC20 §IV-D) joins nodes, each with its own weight rule (see
 * {@link KnowledgeGraphBuilder}). All edges are undirected.
 */
public enum EdgeKind {
  /** Two concepts named together in a predication (or counted together in a co-occurrence table). */
  CONCEPT_CONCEPT("concept-concept"),
  /** A concept occurring in an abstract. */
  CONCEPT_ABSTRACT("concept-abstract"),
  /** One abstract citing another. */
  CITATION("citation");

  private final String label;

  EdgeKind(String label) {
    this.label = label;
  }

  /** The name used in files and on the command line, e.g. {@code concept-concept}. */
  public String label() {
    return label;
  }

  /**
   * The kind named {@code label}; also accepts the enum name in any case.
   *
   * @throws IllegalArgumentException listing the kinds if there is none such
   */
  public static EdgeKind parse(String label) {
    String wanted = label.strip().toLowerCase(Locale.ROOT).replace('_', '-');
    for (EdgeKind kind : values()) {
      if (kind.label.equals(wanted)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown edge kind '" + label
        + "'; expected concept-concept, concept-abstract or citation");
  }

  /** Kinds from a comma-separated list such as {@code concept-concept,citation}; {@code all} means every kind. */
  public static Set<EdgeKind> parseList(String list) {
    if (list.strip().equalsIgnoreCase("all")) {
      return EnumSet.allOf(EdgeKind.class);
    }
    EnumSet<EdgeKind> kinds = EnumSet.noneOf(EdgeKind.class);
    for (String part : list.split(",")) {
      if (!part.isBlank()) {
        kinds.add(parse(part));
      }
    }
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("no edge kind in '" + list + "'");
    }
    return kinds;
  }
}

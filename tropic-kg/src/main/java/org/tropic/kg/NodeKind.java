package org.tropic.kg;

import java.util.Locale;

/** What a knowledge-graph node stands for: a biomedical concept (a UMLS CUI or another id) or a publication. */
public enum NodeKind {
  /** A concept: a drug, gene, disease, symptom, ...; it has a name and a semantic type. */
  CONCEPT,
  /** An abstract (a paper), identified by its PubMed id, with its publication year. */
  ABSTRACT;

  /** The lower-case name used in files and on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The kind named {@code label} (case-insensitive).
   *
   * @throws IllegalArgumentException listing the kinds if there is none such
   */
  public static NodeKind parse(String label) {
    for (NodeKind kind : values()) {
      if (kind.label().equalsIgnoreCase(label.strip())) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown node kind '" + label + "'; expected concept or abstract");
  }
}

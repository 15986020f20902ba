package org.tropic.discovery;

import java.util.Locale;

/**
 * How open discovery orders its candidate C concepts for a source A.
 */
public enum Ranking {
  /** Shortest-path length from A, shortest first (DSNAPSHOT / COAST: APSP as the discovery signal). */
  DISTANCE("distance"),
  /** The number of linking B terms joined directly to both A and C, most first (Swanson &amp; Smalheiser 1997). */
  LINKING_TERMS("linking-terms"),
  /**
   * Average minimum weight: the mean over linking terms B of min(w(A,B), w(B,C)), highest first (Yetisgen-Yildiz
   * &amp; Pratt 2009, "A new evaluation methodology for literature-based discovery systems").
   */
  AVERAGE_MINIMUM_WEIGHT("amw"),
  /** The Jaccard index of A's and C's concept neighbourhoods, highest first. */
  JACCARD("jaccard");

  private final String label;

  Ranking(String label) {
    this.label = label;
  }

  /** The name used on the command line. */
  public String label() {
    return label;
  }

  /**
   * The ranking named {@code label}.
   *
   * @throws IllegalArgumentException listing the rankings if there is none such
   */
  public static Ranking parse(String label) {
    for (Ranking ranking : values()) {
      if (ranking.label.equalsIgnoreCase(label.strip()) || ranking.name().equalsIgnoreCase(label.strip())) {
        return ranking;
      }
    }
    throw new IllegalArgumentException("unknown ranking '" + label
        + "'; expected distance, linking-terms, amw or jaccard");
  }
}

package org.tropic.discovery;

/**
 * How a literature path compares with a curated graph — COAST's four scenarios (SC22 §VIII, Table VI, Fig. 10).
 * An edge of the (mapped, possibly collapsed) literature path "matches" when its two ends are joined in the curated
 * graph by an edge that lies on a curated shortest path between the path's mapped ends.
 */
public enum Scenario {
  /** 1: every concept maps and every edge matches: the path is among the curated shortest paths. */
  EXACT_MATCH("1", "exact match"),
  /** 2a: every concept maps; some edges match (a partial path in the curated graph). */
  MAPPED_PARTIAL_MATCH("2a", "all concepts map, partial match"),
  /** 2b: every concept maps; no edge matches. */
  MAPPED_NO_MATCH("2b", "all concepts map, no edge matches"),
  /** 3a: some intermediate concepts do not map; after collapsing them every edge matches. */
  COLLAPSED_FULL_MATCH("3a", "some concepts unmapped, collapsed path matches fully"),
  /** 3b: some do not map; after collapsing some edges match. */
  COLLAPSED_PARTIAL_MATCH("3b", "some concepts unmapped, collapsed path matches partly"),
  /** 3c: some do not map; after collapsing no edge matches. */
  COLLAPSED_NO_MATCH("3c", "some concepts unmapped, collapsed path does not match"),
  /** 4: the curated graph joins the pair, the literature graph has no path. */
  CURATED_ONLY("4", "path only in the curated graph");

  private final String code;
  private final String description;

  Scenario(String code, String description) {
    this.code = code;
    this.description = description;
  }

  /** The paper's label: 1, 2a, 2b, 3a, 3b, 3c, 4. */
  public String code() {
    return code;
  }

  public String description() {
    return description;
  }
}

package org.tropic.graph;

/**
 * Two vertices given the same label. It carries both ids, so a reader that knows where each label came from (a line
 * of a file, an entry of a JSON list) can name the place.
 */
public final class DuplicateLabelException extends IllegalArgumentException {
  private final String label;
  private final int firstId;
  private final int secondId;

  public DuplicateLabelException(String label, int firstId, int secondId) {
    super("duplicate vertex label '" + label + "' (vertices " + firstId + " and " + secondId + ")");
    this.label = label;
    this.firstId = firstId;
    this.secondId = secondId;
  }

  public String label() {
    return label;
  }

  /** The id that had the label first. */
  public int firstId() {
    return firstId;
  }

  /** The id that repeated it. */
  public int secondId() {
    return secondId;
  }
}

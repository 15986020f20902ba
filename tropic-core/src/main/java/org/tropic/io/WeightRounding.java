package org.tropic.io;

/**
 * The weights of an input that float32, in which Tropic keeps every weight, does not hold as written: integers
 * above 2^24 that lose their last digits ({@code 16777217} → {@code 16777216}), decimals with more digits than
 * float32 keeps, and values too small for it ({@code 1e-50} → 0). Reported so that no weight changes unannounced.
 *
 * @param count how many weights were rounded
 * @param integers how many of them were written as integers (and are no longer that integer)
 * @param firstLine the line of the first rounded weight, 0 if none
 * @param firstText the first rounded weight as written, or {@code null}
 * @param firstValue the float32 it became
 */
public record WeightRounding(long count, long integers, long firstLine, String firstText, float firstValue) {

  /** No weight rounded. */
  public static final WeightRounding NONE = new WeightRounding(0, 0, 0, null, 0f);

  /** Whether any weight was rounded. */
  public boolean any() {
    return count > 0;
  }

  /** One line for read reports, e.g. {@code 2 weights rounded to float32, e.g. line 1: 16777217 → 1.6777216E7}. */
  public String describe() {
    return count + (count == 1 ? " weight" : " weights") + " rounded to float32, e.g. line " + firstLine + ": "
        + firstText + " → " + firstValue;
  }

  /** Counts rounded weights while a reader parses them. */
  static final class Tally {
    private long count;
    private long integers;
    private long firstLine;
    private String firstText;
    private float firstValue;

    void note(long line, String text, float value, boolean integer) {
      if (count == 0) {
        firstLine = line;
        firstText = text;
        firstValue = value;
      }
      count++;
      integers += integer ? 1 : 0;
    }

    WeightRounding result() {
      return count == 0 ? NONE : new WeightRounding(count, integers, firstLine, firstText, firstValue);
    }
  }
}

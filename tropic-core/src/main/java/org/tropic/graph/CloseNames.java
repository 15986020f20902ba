package org.tropic.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The names a mistyped one may have meant, for error messages: "no vertex named 'multiple sclerosys'" helps more
 * with "did you mean 'multiple sclerosis'?". Names within a few edits, ignoring case, closest first. O(n · edits)
 * per name compared, once, when a lookup has already failed.
 */
public final class CloseNames {
  /** The most names a hint lists. */
  public static final int MOST = 5;

  private CloseNames() {}

  /**
   * The names among {@code count} candidates ({@code nameOf(0..count-1)}, null ones skipped) that are within
   * {@link #edits} of {@code text} ignoring case, closest first (then in candidate order), at most {@link #MOST}.
   */
  public static List<String> of(String text, int count, IntFunction<String> nameOf) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    if (wanted.isEmpty()) {
      return List.of();
    }
    LevenshteinDistance distance = new LevenshteinDistance(edits(wanted));
    record Close(String name, int edits) {}
    List<Close> close = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = nameOf.apply(i);
      if (name != null && Math.abs(name.length() - wanted.length()) <= distance.getThreshold()) {
        int d = distance.apply(wanted, name.toLowerCase(Locale.ROOT));
        if (d >= 0) {
          close.add(new Close(name, d));
        }
      }
    }
    int fewest = close.stream().mapToInt(Close::edits).min().orElse(0);
    // a name that differs in case alone is what was meant: the others one edit away are noise beside it
    return close.stream().filter(c -> fewest > 0 || c.edits() == 0).sorted(Comparator.comparingInt(Close::edits))
        .limit(MOST).map(Close::name).toList();
  }

  /**
   * How many edits a text of this length may be from a name it meant: 1 up to 7 characters, 2 up to 11, then 3;
   * none for one character, which one edit turns into any other.
   */
  static int edits(String text) {
    return Math.min(text.length() - 1, Math.max(1, Math.min(3, text.length() / 4)));
  }

  /** {@code "; did you mean 'a' or 'b'?"}, to follow an error, or {@code ""} for no names. */
  public static String hint(List<String> names) {
    if (names.isEmpty()) {
      return "";
    }
    List<String> quoted = names.stream().map(n -> "'" + n + "'").toList();
    String listed = quoted.size() == 1 ? quoted.get(0)
        : String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.getLast();
    return "; did you mean " + listed + "?";
  }
}

package org.tropic.cli;

/**
 * How many terminal columns a string takes, for aligning tables of vertex labels: {@code String.length()} counts
 * UTF-16 units, so a CJK label (two columns a character), an emoji (two units, two columns) or a label written with
 * combining accents (a unit that takes no column) would push the cells after it out of line.
 */
public final class DisplayWidth {
  private DisplayWidth() {}

  /** The columns {@code s} takes in a monospaced terminal: 0 for combining marks, 2 for wide characters, else 1. */
  public static int of(String s) {
    int width = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      width += columns(cp);
      i += Character.charCount(cp);
    }
    return width;
  }

  private static int columns(int cp) {
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT
        || cp == 0x200B) {
      return 0;
    }
    return wide(cp) ? 2 : 1;
  }

  /** East Asian Wide and Fullwidth blocks (Unicode TR 11), and the emoji planes terminals draw two columns wide. */
  private static boolean wide(int cp) {
    return cp >= 0x1100 && cp <= 0x115F // Hangul Jamo initials
        || cp >= 0x2E80 && cp <= 0x303E // CJK radicals, Kangxi, CJK symbols and punctuation
        || cp >= 0x3041 && cp <= 0x33FF // Hiragana, Katakana, Bopomofo, CJK compatibility
        || cp >= 0x3400 && cp <= 0x4DBF // CJK extension A
        || cp >= 0x4E00 && cp <= 0x9FFF // CJK unified ideographs
        || cp >= 0xA000 && cp <= 0xA4CF // Yi
        || cp >= 0xAC00 && cp <= 0xD7A3 // Hangul syllables
        || cp >= 0xF900 && cp <= 0xFAFF // CJK compatibility ideographs
        || cp >= 0xFE30 && cp <= 0xFE4F // CJK compatibility forms
        || cp >= 0xFF00 && cp <= 0xFF60 // fullwidth forms
        || cp >= 0xFFE0 && cp <= 0xFFE6
        || cp >= 0x1F300 && cp <= 0x1F64F // pictographs, emoticons
        || cp >= 0x1F900 && cp <= 0x1F9FF
        || cp >= 0x20000 && cp <= 0x3FFFD; // CJK extensions B and beyond
  }
}

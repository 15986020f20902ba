package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Random rows written the way MySQL writes a CSV dump read back field for field, across buffer boundaries. */
class DumpCsvParserTest {
  private static final String ALPHABET = "abcXYZ019 ,\"\\\n\r\t|éü\u0000";

  /** One field as MySQL's SELECT ... INTO OUTFILE writes it (FIELDS ENCLOSED BY '"' ESCAPED BY '\\'). */
  private static String encode(String value, boolean quote) {
    if (value == null) {
      return "\\N";
    }
    StringBuilder text = new StringBuilder(quote ? "\"" : "");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '\\' -> text.append("\\\\");
        case '"' -> text.append("\\\""); // MySQL escapes the enclosing character in every field
        case ',' -> text.append(quote ? "," : "\\,");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        case '\u0000' -> text.append("\\0");
        default -> text.append(c);
      }
    }
    return text.append(quote ? "\"" : "").toString();
  }

  @Property(tries = 40)
  void readsBackWhatWasWritten(@ForAll @IntRange(min = 1, max = 3000) int rows, @ForAll long seed)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    List<List<String>> expected = new ArrayList<>();
    StringBuilder dump = new StringBuilder();
    for (int r = 0; r < rows; r++) {
      List<String> fields = new ArrayList<>();
      int width = 1 + random.nextInt(16);
      for (int f = 0; f < width; f++) {
        String value = null;
        if (random.nextInt(8) != 0) {
          StringBuilder v = new StringBuilder();
          int length = random.nextInt(random.nextInt(20) == 0 ? 300 : 12);
          for (int i = 0; i < length; i++) {
            v.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
          }
          value = v.toString();
        }
        fields.add(value);
        dump.append(f == 0 ? "" : ",").append(encode(value, random.nextBoolean()));
      }
      if (width == 1 && "".equals(fields.get(0))) {
        fields.set(0, "x");
        dump.append("x");
      }
      expected.add(fields);
      dump.append(random.nextInt(4) == 0 ? "\r\n" : "\n");
    }
    byte[] bytes = dump.toString().getBytes(StandardCharsets.ISO_8859_1);
    try (DumpCsvParser parser = new DumpCsvParser(new ByteArrayInputStream(bytes), ',')) {
      for (List<String> fields : expected) {
        assertThat(parser.next()).isTrue();
        assertThat(parser.problem()).isNull();
        List<String> read = new ArrayList<>();
        for (int f = 0; f < parser.fieldCount(); f++) {
          read.add(parser.text(f));
        }
        assertThat(read).isEqualTo(fields);
      }
      assertThat(parser.next()).isFalse();
    }
  }
}

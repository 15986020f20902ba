package org.tropic.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The JSON every command prints or writes beside its output: indented, and valid JSON throughout. JSON has no
 * infinity and no NaN, and Jackson would write them as the strings "Infinity" and "NaN", which a program reading a
 * distance as a number then trips over. Here a non-finite number is {@code null}: an unreachable pair's distance, or
 * a mean over nothing, the same "-" the tables print.
 */
public final class Json {
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .addModule(new SimpleModule("finite-or-null")
          .addSerializer(Double.class, new FiniteOrNull())
          .addSerializer(double.class, new FiniteOrNull())
          .addSerializer(Float.class, new FiniteOrNull())
          .addSerializer(float.class, new FiniteOrNull()))
      .build();

  private Json() {}

  /** {@code value} as indented JSON text. */
  public static String text(Object value) throws JsonProcessingException {
    return MAPPER.writeValueAsString(value);
  }

  /**
   * Writes {@code value} as indented JSON to {@code out} as it goes, then a line break, leaving {@code out} open: a
   * list given as an {@link Iterable} that maps its items on demand is never held whole, nor is the text.
   */
  public static void write(PrintWriter out, Object value) throws IOException {
    MAPPER.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, value);
    out.println();
    out.flush();
  }

  /** {@code value} as indented JSON in UTF-8. */
  public static byte[] bytes(Object value) throws JsonProcessingException {
    return MAPPER.writeValueAsBytes(value);
  }

  /** Writes a double or a float as itself when finite, as {@code null} when not. */
  private static final class FiniteOrNull extends StdSerializer<Number> {
    FiniteOrNull() {
      super(Number.class);
    }

    @Override
    public void serialize(Number value, JsonGenerator out, SerializerProvider provider) throws IOException {
      if (!Double.isFinite(value.doubleValue())) {
        out.writeNull();
      } else if (value instanceof Float f) {
        out.writeNumber(f);
      } else {
        out.writeNumber(value.doubleValue());
      }
    }
  }
}

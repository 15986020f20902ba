package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JsonTest {
  private static final ObjectMapper READER = new ObjectMapper();

  record Distances(double mean, float max, Double boxed, double[] row) {}

  /** Non-finite numbers become null however they are held; finite ones keep their value and their float digits. */
  @Test
  void nonFiniteNumbersAreNullAndTheOutputIsValidJson() throws IOException {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("inf", Double.POSITIVE_INFINITY);
    map.put("nan", Float.NaN);
    map.put("minus_inf", Float.NEGATIVE_INFINITY);
    map.put("finite", 1.5f);
    map.put("tenth", 0.1f);
    map.put("record", new Distances(Double.NaN, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, new double[] {2}));
    String text = Json.text(map);

    assertThat(text).doesNotContain("Infinity").doesNotContain("NaN");
    JsonNode read = READER.readTree(text);
    assertThat(read.get("inf").isNull()).isTrue();
    assertThat(read.get("nan").isNull()).isTrue();
    assertThat(read.get("minus_inf").isNull()).isTrue();
    assertThat(read.get("finite").asDouble()).isEqualTo(1.5);
    assertThat(text).contains("\"tenth\" : 0.1,");
    JsonNode record = read.get("record");
    assertThat(record.get("mean").isNull()).isTrue();
    assertThat(record.get("max").isNull()).isTrue();
    assertThat(record.get("boxed").isNull()).isTrue();
    assertThat(record.get("row").get(0).asDouble()).isEqualTo(2);
    assertThat(new String(Json.bytes(map), StandardCharsets.UTF_8)).isEqualTo(text);
  }

  /**
   * Streaming writes the same text as {@link Json#text}, makes the items of an {@link Iterable} as it reaches them
   * (by the last item made, the text of items made long before has gone out through its few kB of buffer), and leaves
   * the writer open.
   */
  @Test
  void writeStreamsAnIterableItemByItemAndLeavesTheWriterOpen() throws IOException {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    List<String> seenWhenMade = new ArrayList<>();
    Iterable<Map<String, Object>> items = () -> IntStream.range(0, 2_000).mapToObj(i -> {
      seenWhenMade.add(text.toString());
      return Map.<String, Object>of("i", i);
    }).iterator();
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("items", items);
    Json.write(out, value);
    out.print("after");
    out.flush();

    Map<String, Object> whole = Map.of("items", IntStream.range(0, 2_000).mapToObj(i -> Map.of("i", i)).toList());
    assertThat(text.toString()).isEqualTo(Json.text(whole) + System.lineSeparator() + "after");
    assertThat(seenWhenMade.get(0)).isEmpty();
    assertThat(seenWhenMade.get(1_999)).contains("\"i\" : 1000\n");
  }
}

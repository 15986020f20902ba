package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
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
}

package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The reader's primitive structures against plain Java maps. */
class AggregationStructuresTest {

  @Property(tries = 30)
  void conceptIndexAgreesWithAHashMap(@ForAll @IntRange(min = 1, max = 3000) int keys, @ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ConceptIndex index = new ConceptIndex();
    Map<String, Integer> oracle = new HashMap<>();
    for (int i = 0; i < keys; i++) {
      String key = switch (random.nextInt(4)) {
        case 0 -> String.format("C%07d", random.nextInt(10_000_000));
        case 1 -> Integer.toString(random.nextInt(200_000));
        case 2 -> "C" + random.nextInt(100);
        default -> "x|" + random.nextInt(1000);
      };
      byte[] padded = ("##" + key + "#").getBytes(StandardCharsets.ISO_8859_1);
      int found = index.find(padded, 2, 2 + key.length());
      assertThat(found).isEqualTo(oracle.getOrDefault(key, -1));
      if (found < 0) {
        index.put(padded, 2, 2 + key.length(), i);
        oracle.put(key, i);
      }
    }
    for (Map.Entry<String, Integer> entry : oracle.entrySet()) {
      byte[] bytes = entry.getKey().getBytes(StandardCharsets.ISO_8859_1);
      assertThat(index.find(bytes, 0, bytes.length)).isEqualTo(entry.getValue());
    }
  }

  @Property(tries = 30)
  void yearCountsAgreeWithSortedMaps(@ForAll @IntRange(min = 1, max = 200) int groups,
      @ForAll @IntRange(max = 5000) int updates, @ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    YearCounts counts = new YearCounts();
    Map<Integer, TreeMap<Integer, Integer>> oracle = new HashMap<>();
    for (int i = 0; i < updates; i++) {
      int group = random.nextInt(groups);
      int year = random.nextInt(5) == 0 ? 0 : 1950 + random.nextInt(70);
      int count = 1 + random.nextInt(3);
      counts.add(group, year, count);
      oracle.computeIfAbsent(group, g -> new TreeMap<>()).merge(year, count, Integer::sum);
    }
    YearCounts.Runs runs = counts.runs(groups);
    for (int g = 0; g < groups; g++) {
      TreeMap<Integer, Integer> expected = oracle.getOrDefault(g, new TreeMap<>());
      Map<Integer, Integer> actual = new TreeMap<>();
      for (int i = runs.start()[g]; i < runs.start()[g + 1]; i++) {
        actual.put(runs.years()[i], runs.counts()[i]);
        if (i > runs.start()[g]) {
          assertThat(runs.years()[i]).isGreaterThan(runs.years()[i - 1]);
        }
      }
      assertThat(actual).isEqualTo(expected);
    }
  }
}

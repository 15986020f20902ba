package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class IndexedMinHeapTest {
  private record Entry(float key, int id) {}

  /** Random inserts and decrease-keys, then pops, against a sorted set of (key, id) holding each id's least key. */
  @Property(tries = 300)
  void popsInKeyOrderAfterDecreaseKeys(
      @ForAll @Size(max = 200) List<@IntRange(min = 0, max = 49) Integer> ids,
      @ForAll @Size(max = 200) List<@FloatRange(min = 0, max = 1000) Float> keys) {
    IndexedMinHeap heap = new IndexedMinHeap(50);
    float[] best = new float[50];
    java.util.Arrays.fill(best, Float.POSITIVE_INFINITY);
    for (int i = 0; i < Math.min(ids.size(), keys.size()); i++) {
      heap.insertOrDecrease(ids.get(i), keys.get(i));
      best[ids.get(i)] = Math.min(best[ids.get(i)], keys.get(i));
    }
    TreeSet<Entry> expected = new TreeSet<>((a, b) -> Float.compare(a.key, b.key) != 0
        ? Float.compare(a.key, b.key) : Integer.compare(a.id, b.id));
    for (int id = 0; id < 50; id++) {
      if (best[id] != Float.POSITIVE_INFINITY) {
        expected.add(new Entry(best[id], id));
        assertThat(heap.contains(id)).isTrue();
        assertThat(heap.keyOf(id)).isEqualTo(best[id]);
      }
    }
    assertThat(heap.size()).isEqualTo(expected.size());
    float last = Float.NEGATIVE_INFINITY;
    while (!heap.isEmpty()) {
      int id = heap.popMin();
      assertThat(heap.contains(id)).isFalse();
      assertThat(expected.remove(new Entry(best[id], id))).isTrue();
      assertThat(best[id]).isGreaterThanOrEqualTo(last);
      last = best[id];
    }
    assertThat(expected).isEmpty();
  }
}

package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistanceTiesTest {
  /** A chain of near neighbours does not merge without end: each group is keyed by its first distance. */
  @Test
  void groupsAreKeyedByTheirFirstDistance() {
    double step = 0.6e-6;
    double[] keys = DistanceTies.keysOfSorted(new double[] {1, 1 + step, 1 + 2 * step, 1 + 3 * step, 2, 2});
    assertThat(keys).containsExactly(1, 1, 1 + 2 * step, 1 + 2 * step, 2, 2);
  }

  @Test
  void negativeDistancesTieByTheirMagnitude() {
    assertThat(DistanceTies.keysOfSorted(new double[] {-5, -5 + 1e-6, -4})).containsExactly(-5, -5, -4);
  }

  @Test
  void unsortedDistancesAreRefused() {
    assertThatThrownBy(() -> DistanceTies.keysOfSorted(new double[] {2, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ascending");
  }

  /** Items within rounding compare equal, so the next comparator decides; a real difference still orders them. */
  @Test
  void theComparatorLeavesRoundingTiesToTheNextKey() {
    record Item(String name, double distance) {}
    List<Item> items = List.of(new Item("b", 3.0000001), new Item("a", 3.0000002), new Item("c", 2.5));
    List<Item> sorted = new ArrayList<>(items);
    sorted.sort(DistanceTies.<Item>byDistance(items, Item::distance).thenComparing(Item::name));
    assertThat(sorted).extracting(Item::name).containsExactly("c", "a", "b");
    Comparator<Item> order = DistanceTies.byDistance(items, Item::distance);
    assertThatThrownBy(() -> order.compare(new Item("x", 1), items.get(0)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

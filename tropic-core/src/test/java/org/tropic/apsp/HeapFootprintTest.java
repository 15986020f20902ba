package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The heap taken by equal arrays, worked out by hand for G1's regions and for collectors without them. */
class HeapFootprintTest {
  private static final long MIB = 1L << 20;

  @Test
  void withoutRegionsAnArrayTakesItsBytesAndHeader() {
    assertThat(HeapFootprint.footprint(16 + 256 * 256 * 4, 0)).isEqualTo(262_160);
    assertThat(HeapFootprint.footprint(16 + 3 * 4, 0)).isEqualTo(32); // 28 bytes, aligned to 8
  }

  /** The case that ran out of heap: a 256 × 256 tile is 16 bytes too big for four to share a 1 MiB region. */
  @Test
  void threeTilesOf256ShareAOneMibRegion() {
    assertThat(HeapFootprint.footprint(16 + 256 * 256 * 4, MIB)).isEqualTo((MIB + 2) / 3);
    assertThat(HeapFootprint.footprint(16 + 224 * 224 * 4, MIB)).isEqualTo((MIB + 4) / 5);
    assertThat(HeapFootprint.footprint(16 + 256 * 256 * 4, 2 * MIB)).isEqualTo((2 * MIB + 6) / 7);
  }

  @Test
  void anArrayOfHalfARegionOrMoreTakesWholeRegions() {
    assertThat(HeapFootprint.footprint(16 + 512 * 512 * 4, MIB)).isEqualTo(2 * MIB);
    assertThat(HeapFootprint.footprint(16 + 512 * 512 * 4, 2 * MIB)).isEqualTo(2 * MIB);
    assertThat(HeapFootprint.footprint(16 + 512 * 512 * 4, 4 * MIB)).isEqualTo((4 * MIB + 2) / 3);
  }

  @Test
  void thisJvmsFigureIsNeverBelowTheBytes() {
    assertThat(HeapFootprint.floatArray(128 * 128)).isGreaterThanOrEqualTo(16 + 128 * 128 * 4);
  }
}

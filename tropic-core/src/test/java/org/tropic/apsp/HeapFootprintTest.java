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

  /** G1's own choice of region for a heap, as JDK 25 makes it (-XX:+PrintFlagsFinal for each -Xmx). */
  @Test
  void g1ChoosesItsRegionsFromTheHeapsSize() {
    assertThat(HeapFootprint.g1Region(64 * MIB)).isEqualTo(MIB);
    assertThat(HeapFootprint.g1Region(2048 * MIB)).isEqualTo(MIB);
    assertThat(HeapFootprint.g1Region(2049 * MIB)).isEqualTo(2 * MIB);
    assertThat(HeapFootprint.g1Region(3072 * MIB)).isEqualTo(2 * MIB);
    assertThat(HeapFootprint.g1Region(5120 * MIB)).isEqualTo(4 * MIB);
    assertThat(HeapFootprint.g1Region(8192 * MIB)).isEqualTo(4 * MIB);
    assertThat(HeapFootprint.g1Region(9216 * MIB)).isEqualTo(8 * MIB);
    assertThat(HeapFootprint.g1Region(33 * 1024 * MIB)).isEqualTo(32 * MIB);
    assertThat(HeapFootprint.g1Region(1L << 40)).isEqualTo(32 * MIB);
  }

  /**
   * Under G1 a tile takes more of a small heap's 1 MiB regions than of this JVM's, whatever this JVM's heap: the
   * footprint follows the heap it is asked about, not the heap of the JVM asking.
   */
  @Test
  void aTilesFootprintFollowsTheHeapItIsIn() {
    long tile = 256 * 256;
    long inOneGib = HeapFootprint.floatArray(tile, 1024 * MIB);
    long inLarge = HeapFootprint.floatArray(tile, 64 * 1024 * MIB);
    long bytes = HeapFootprint.footprint(16 + tile * 4, 0);
    if (HeapFootprint.floatArray(tile) == bytes) {
      assertThat(inOneGib).isEqualTo(bytes).isEqualTo(inLarge); // no regions: no difference
    } else {
      assertThat(inOneGib).isEqualTo((MIB + 2) / 3);
      assertThat(inLarge).isEqualTo(HeapFootprint.footprint(16 + tile * 4, 32 * MIB));
    }
  }
}

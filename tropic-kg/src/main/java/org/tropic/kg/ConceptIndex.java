package org.tropic.kg;

import java.util.Arrays;

/**
 * Concept ids keyed by the raw bytes of a dump field, so a reader can find a concept it has seen without building a
 * {@code String} for every row (the dominant cost of a naive reader). A UMLS CUI ({@code C} and seven digits, as
 * almost every SemMedDB argument is) is found by direct addressing on its number — one array read, at most 40 MB for
 * the whole CUI space and in practice the ~21 MB up to today's highest CUI; any other id goes through open addressing
 * with linear probing over copies of its bytes, grown at load 1/2. Not thread-safe.
 */
final class ConceptIndex {
  private static final int CUI_LENGTH = 8;
  /** Concept id + 1 by CUI number; 0 = not seen. */
  private int[] byCui = new int[0];

  private byte[][] keys = new byte[1 << 12][];
  private int[] hashes = new int[1 << 12];
  private int[] values = new int[1 << 12];
  private int size;

  /** The id stored for {@code bytes[from..to)}, or -1. */
  int find(byte[] bytes, int from, int to) {
    int cui = cuiNumber(bytes, from, to);
    if (cui >= 0) {
      return cui < byCui.length ? byCui[cui] - 1 : -1;
    }
    int hash = hash(bytes, from, to);
    int mask = keys.length - 1;
    for (int at = hash & mask; keys[at] != null; at = (at + 1) & mask) {
      if (hashes[at] == hash && Arrays.equals(keys[at], 0, keys[at].length, bytes, from, to)) {
        return values[at];
      }
    }
    return -1;
  }

  /** Stores {@code id} for {@code bytes[from..to)}, which must not be present yet. */
  void put(byte[] bytes, int from, int to, int id) {
    int cui = cuiNumber(bytes, from, to);
    if (cui >= 0) {
      if (cui >= byCui.length) {
        byCui = Arrays.copyOf(byCui, Math.max(cui + 1, Math.min(10_000_000, byCui.length * 2)));
      }
      byCui[cui] = id + 1;
      return;
    }
    if (2 * (size + 1) > keys.length) {
      grow();
    }
    insert(Arrays.copyOfRange(bytes, from, to), hash(bytes, from, to), id);
    size++;
  }

  private void insert(byte[] key, int hash, int id) {
    int mask = keys.length - 1;
    int at = hash & mask;
    while (keys[at] != null) {
      at = (at + 1) & mask;
    }
    keys[at] = key;
    hashes[at] = hash;
    values[at] = id;
  }

  private void grow() {
    byte[][] oldKeys = keys;
    int[] oldHashes = hashes;
    int[] oldValues = values;
    keys = new byte[oldKeys.length * 2][];
    hashes = new int[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != null) {
        insert(oldKeys[i], oldHashes[i], oldValues[i]);
      }
    }
  }

  /** The number of a CUI {@code Cddddddd}, or -1 if the bytes are not one. */
  private static int cuiNumber(byte[] bytes, int from, int to) {
    if (to - from != CUI_LENGTH || bytes[from] != 'C') {
      return -1;
    }
    int number = 0;
    for (int i = from + 1; i < to; i++) {
      int digit = bytes[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      number = number * 10 + digit;
    }
    return number;
  }

  private static int hash(byte[] bytes, int from, int to) {
    int h = 0x811c9dc5;
    for (int i = from; i < to; i++) {
      h = (h ^ bytes[i]) * 0x01000193;
    }
    return h ^ (h >>> 16);
  }
}

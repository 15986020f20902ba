package org.tropic.apsp;

import java.util.Arrays;

/**
 * A binary min-heap of vertex ids keyed by float, with decrease-key: {@code heap} holds the ids in heap order,
 * {@code position[v]} is v's slot in it (−1 when absent) and {@code key[v]} its priority. Primitive arrays only, so a
 * Dijkstra worker allocates it once and reuses it for every source; nothing is boxed.
 *
 * <p>Push, pop and decrease-key cost O(log n). Ties between equal keys are broken arbitrarily. Not thread-safe: one
 * heap per worker.
 */
final class IndexedMinHeap {
  private final int[] heap;
  private final int[] position;
  private final float[] key;
  private int size;

  /** An empty heap for ids {@code 0..capacity-1}. */
  IndexedMinHeap(int capacity) {
    heap = new int[capacity];
    position = new int[capacity];
    key = new float[capacity];
    Arrays.fill(position, -1);
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  boolean contains(int v) {
    return position[v] >= 0;
  }

  /** Inserts v with priority k, or lowers v's priority to k if v is present with a larger one. */
  void insertOrDecrease(int v, float k) {
    int at = position[v];
    if (at < 0) {
      at = size++;
      heap[at] = v;
      position[v] = at;
      key[v] = k;
      siftUp(at);
    } else if (k < key[v]) {
      key[v] = k;
      siftUp(at);
    }
  }

  /** The id with the smallest priority (the heap must not be empty). */
  int peekMin() {
    return heap[0];
  }

  /** The priority v was last given. */
  float keyOf(int v) {
    return key[v];
  }

  /** Removes and returns the id with the smallest priority (the heap must not be empty). */
  int popMin() {
    int min = heap[0];
    position[min] = -1;
    int last = heap[--size];
    if (size > 0) {
      heap[0] = last;
      position[last] = 0;
      siftDown(0);
    }
    return min;
  }

  /** Empties the heap in O(size), leaving it ready for the next search. */
  void clear() {
    for (int i = 0; i < size; i++) {
      position[heap[i]] = -1;
    }
    size = 0;
  }

  private void siftUp(int at) {
    int v = heap[at];
    float k = key[v];
    while (at > 0) {
      int parentAt = (at - 1) >>> 1;
      int parent = heap[parentAt];
      if (key[parent] <= k) {
        break;
      }
      heap[at] = parent;
      position[parent] = at;
      at = parentAt;
    }
    heap[at] = v;
    position[v] = at;
  }

  private void siftDown(int at) {
    int v = heap[at];
    float k = key[v];
    int half = size >>> 1;
    while (at < half) {
      int childAt = 2 * at + 1;
      int child = heap[childAt];
      int rightAt = childAt + 1;
      if (rightAt < size && key[heap[rightAt]] < key[child]) {
        childAt = rightAt;
        child = heap[rightAt];
      }
      if (k <= key[child]) {
        break;
      }
      heap[at] = child;
      position[child] = at;
      at = childAt;
    }
    heap[at] = v;
    position[v] = at;
  }
}

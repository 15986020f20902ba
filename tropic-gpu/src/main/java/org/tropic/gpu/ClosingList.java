package org.tropic.gpu;

import java.util.ArrayList;
import java.util.List;

/**
 * Resources opened one by one, closed together in the order they were opened; the first failure is thrown with the
 * others attached, after every one has been tried.
 */
final class ClosingList<T extends AutoCloseable> implements AutoCloseable {
  private final List<T> items = new ArrayList<>();

  /** Adds {@code item}, to be closed with the rest, and returns it. */
  T add(T item) {
    items.add(item);
    return item;
  }

  T get(int i) {
    return items.get(i);
  }

  int size() {
    return items.size();
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    for (T item : items) {
      try {
        item.close();
      } catch (Exception e) {
        RuntimeException wrapped = e instanceof RuntimeException r ? r : new IllegalStateException(e);
        if (failure == null) {
          failure = wrapped;
        } else {
          failure.addSuppressed(wrapped);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}

package org.tropic.io;

import java.util.Locale;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.GraphBuilder;

/**
 * Refuses, before its arcs are read, a graph whose header says it cannot be built in the heap left: Matrix Market's
 * size line and DIMACS's problem line give the counts, and without the check the read ran out of heap after
 * seconds or minutes with only "ran out of memory".
 */
final class ReadMemory {
  private ReadMemory() {}

  /**
   * @param arcs the arcs the header's count makes (an undirected edge or a mirrored entry makes two)
   * @param declaredBy what gave the count, e.g. "the size line (line 2) declares 3,000,000 entries"
   * @throws MemoryBudgetException with the numbers if building them cannot fit the heap still free
   */
  static void require(LineReader lines, long arcs, long vertices, String declaredBy) {
    long need = GraphBuilder.heapBytes(arcs, vertices);
    long available = freeHeap();
    if (need <= available) {
      return;
    }
    System.gc(); // what looked used may be garbage: look again before refusing
    available = freeHeap();
    if (need > available) {
      throw new MemoryBudgetException(String.format(Locale.ROOT, "reading %s (%s: %,d arcs on %,d vertices, built"
          + " in about 30 bytes an arc)", lines.source(), declaredBy, arcs, vertices), need,
          available, HeapAdvice.forShortfall(need, available).advise("read a smaller graph"));
    }
  }

  private static long freeHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
  }
}

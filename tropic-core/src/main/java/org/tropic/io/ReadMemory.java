package org.tropic.io;

import java.util.Locale;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.GraphBuilder;

/**
 * Refuses, before its arcs are read, a graph whose header says it cannot be built in the heap left: Matrix Market's
 * size line and DIMACS's problem line give the counts, and without the check the read ran out of heap after
 * seconds or minutes with only "ran out of memory". An edge list or SIF file gives no count: {@link Watch} projects
 * one from the share of the file read.
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

  /**
   * Watches the read of a file whose header gives no count (an edge list, a SIF file): each time the arcs double
   * from {@value #FIRST_CHECK}, the share of the file read so far projects the arcs of the whole, and a graph that
   * cannot be built from even 4/5 of them ({@link #PROJECTION_TRUSTED}) is refused there, a second into a read that
   * ran out of heap after minutes with no figure. The discount allows for later lines longer than those read (ids
   * written with more digits); the bytes read run ahead of the lines parsed by what the buffers hold, which makes the
   * projection low, never high. A stream of unknown length is not watched.
   */
  static final class Watch {
    static final long FIRST_CHECK = 1 << 16;
    static final double PROJECTION_TRUSTED = 0.8;

    private final LineReader lines;
    private long nextCheck = FIRST_CHECK;

    Watch(LineReader lines) {
      this.lines = lines;
    }

    /** Called after each line's arcs are added to {@code builder}; cheap until the arcs next double. */
    void added(GraphBuilder builder) {
      if (builder.arcCount() >= nextCheck) {
        nextCheck = 2L * builder.arcCount();
        check(builder);
      }
    }

    private void check(GraphBuilder builder) {
      long read = lines.fileBytesRead();
      if (read <= 0 || read >= lines.fileBytes()) {
        return; // a stream, or a file read to its end into the buffers: what is left is no more than they hold
      }
      long arcs = builder.arcCount();
      long projected = (long) ((double) arcs * lines.fileBytes() / read);
      long counted = (long) (PROJECTION_TRUSTED * projected);
      long need = GraphBuilder.heapBytes(counted, builder.vertexCount());
      // the arrays already made hold part of what is needed
      if (need <= freeHeap() + builder.arcArrayBytes()) {
        return;
      }
      System.gc();
      long available = freeHeap() + builder.arcArrayBytes();
      if (need > available) {
        throw new MemoryBudgetException(String.format(Locale.ROOT, "reading %s (its first %s of %s, to line %,d,"
            + " hold %,d arcs: about %,d in the whole file at that rate; 4/5 of that, %,d arcs on the %,d vertices so"
            + " far, built in about 30 bytes an arc)", lines.source(), Units.bytes(read),
            Units.bytes(lines.fileBytes()), lines.lineNumber(), arcs, projected, counted, builder.vertexCount()),
            need, available,
            HeapAdvice.forShortfall(need, available).advise("read a smaller graph"));
      }
    }
  }

  private static long freeHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
  }
}

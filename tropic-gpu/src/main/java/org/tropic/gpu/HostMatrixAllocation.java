package org.tropic.gpu;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.tropic.graph.Graph;

/**
 * The host matrix a resident solve downloads into, allocated on its own thread while the device works: allocating
 * N² floats off-heap zeroes them, which touches every page (about a second for 4 GiB), time the device's solve
 * hides.
 */
final class HostMatrixAllocation {
  private final CompletableFuture<HostMatrix> matrix;

  private HostMatrixAllocation(CompletableFuture<HostMatrix> matrix) {
    this.matrix = matrix;
  }

  /** Starts allocating the result matrix of {@code graph}, padded to {@code padded}. */
  static HostMatrixAllocation start(Graph graph, int padded) {
    CompletableFuture<HostMatrix> future = new CompletableFuture<>();
    Thread.ofPlatform().daemon().name("tropic-gpu-host-matrix").start(() -> {
      try {
        future.complete(HostMatrix.forResults(graph.vertexCount(), padded, graph.labels()));
      } catch (Throwable e) {
        future.completeExceptionally(e);
      }
    });
    return new HostMatrixAllocation(future);
  }

  /** The allocated matrix, once it is; an allocation failure (out of memory) is rethrown as it was. */
  HostMatrix join() {
    try {
      return matrix.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  /** Frees the matrix when the solve stops before handing it on. */
  void discard() {
    matrix.thenAccept(HostMatrix::close);
  }
}

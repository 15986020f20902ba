package org.tropic.bench.sparse;

import java.nio.file.Path;
import java.util.Random;
import java.util.function.Supplier;
import org.tropic.graph.Graph;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.ElementOrder;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.SparseKernels;
import org.tropic.sparse.VertexOrder;

/**
 * One side of {@link SpmvAb}: a graph's BlockCoo and one (+,×) SpMV on it, built by the classes of whichever jar
 * loaded this class. {@link #run} is what gets timed; {@link #get} runs once more and returns y in original ids, so
 * the two sides can be checked against each other. Only JDK types cross the class-loader boundary.
 */
public final class SpmvProbe implements Runnable, Supplier<float[]> {
  private final SparseKernels kernels;
  private final BlockCoo matrix;
  private final float[] x;
  private final float[] y;

  private SpmvProbe(SparseKernels kernels, BlockCoo matrix, float[] x) {
    this.kernels = kernels;
    this.matrix = matrix;
    this.x = x;
    this.y = new float[matrix.rowCount()];
  }

  /**
   * @param order {@code auto} (the {@link LayoutAdvisor}'s choice), {@code none} (row order), {@code cache},
   *     {@code rcm} (renumbered, row order, as {@code tropic --order rcm}) or {@code rcm-cache} (renumbered,
   *     cache-cell order)
   * @param blockSize 0 for the automatic size
   */
  public static SpmvProbe create(Path data, String graph, int threads, int blockSize, String order)
      throws Exception {
    return create(data, graph, threads, blockSize, 0, order);
  }

  /**
   * {@link #create(Path, String, int, int, String)} with blocks {@code blockSize} rows high and {@code blockWidth}
   * columns wide (0 for the automatic width).
   */
  public static SpmvProbe create(Path data, String graph, int threads, int blockSize, int blockWidth, String order)
      throws Exception {
    Graph g = BenchGraphs.load(data, graph).graph();
    BlockCooOptions base = BlockCooOptions.defaults().withBlockSize(blockSize).withBlockWidth(blockWidth);
    BlockCooOptions options = switch (order) {
      case "auto" -> LayoutAdvisor.choose(g, base, threads).options();
      case "none" -> base.withElementOrder(ElementOrder.ROW);
      case "cache" -> base.withElementOrder(ElementOrder.CACHE);
      case "rcm" -> base.withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.ROW);
      case "rcm-cache" -> base.withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.CACHE);
      default -> throw new IllegalArgumentException("unknown order '" + order
          + "': use auto, none, cache, rcm or rcm-cache");
    };
    BlockCoo m = BlockCoo.fromGraph(g, options, threads);
    float[] x = new float[g.vertexCount()];
    Random r = new Random(1);
    for (int i = 0; i < x.length; i++) {
      x[i] = r.nextFloat();
    }
    return new SpmvProbe(SparseKernels.create(threads), m, m.permutation().toNew(x));
  }

  @Override
  public void run() {
    kernels.spmv(matrix, 1f, x, 0f, y);
  }

  @Override
  public float[] get() {
    run();
    return matrix.permutation().toOld(y);
  }

  @Override
  public String toString() {
    return matrix.toString();
  }
}

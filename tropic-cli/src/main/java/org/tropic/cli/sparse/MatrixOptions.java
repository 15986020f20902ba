package org.tropic.cli.sparse;

import java.io.PrintWriter;
import org.tropic.bench.OptionConverters;
import org.tropic.graph.Graph;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.ElementOrder;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.SparseKernels;
import org.tropic.sparse.VertexOrder;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** How the sparse matrix is laid out and multiplied: shared by every sparse command. */
public final class MatrixOptions {
  /** The layouts a user picks with {@code --order}. */
  public enum Order {
    /** Whichever of rcm and none the graph's structure favours ({@link LayoutAdvisor}). */
    auto,
    /** Reverse Cuthill–McKee renumbering, then row order. */
    rcm,
    /** Cache-cell element order with the neighbour walk, graph ids kept. */
    cache,
    /** Row order (each block's longest rows first), graph ids kept. */
    none
  }

  @Option(names = "--order", defaultValue = "auto", paramLabel = "auto|rcm|cache|none",
      description = "Matrix layout: rcm (renumber by reverse Cuthill-McKee, then row order), cache (cache-cell "
          + "order), none (row order), or auto: rcm when blocks would hold few elements per row (large graphs with "
          + "scrambled ids, about 4x faster there), else none (cache for subgraph centrality, which multiplies "
          + "blocks of vectors); the choice and its reason go to stderr. "
          + "Default: ${DEFAULT-VALUE}.")
  Order order = Order.auto;

  /**
   * A block side, 0 (automatic) to {@link BlockCooOptions#MAX_BLOCK_SIZE}, refused as the options are parsed: the
   * layout refused it only after the graph had been read, seconds on a large one.
   */
  public static final class BlockSide implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int side = new OptionConverters.NonNegativeInt().convert(value);
      if (side > BlockCooOptions.MAX_BLOCK_SIZE) {
        throw new TypeConversionException("must be 1.." + BlockCooOptions.MAX_BLOCK_SIZE + " (0 = automatic), got "
            + value);
      }
      return side;
    }
  }

  @Option(names = {"--block-size", "--block-height"}, defaultValue = "0", paramLabel = "N", converter = BlockSide.class,
      description = "Rows per block (a block row is the unit of parallel work), 1..65536; 0 sizes them for the "
          + "thread count. Default: automatic.")
  int blockHeight;

  @Option(names = "--block-width", defaultValue = "0", paramLabel = "N", converter = BlockSide.class,
      description = "Columns per block, 1..65536; 0 lets the layout choose. Default: automatic.")
  int blockWidth;

  @Option(names = "--threads", defaultValue = "0", paramLabel = "N", converter = OptionConverters.ThreadCount.class,
      description = "Worker threads; 0 uses every core. Default: all cores.")
  int threads;

  private SparseKernels kernels;

  /** {@link #layout(Graph, BlockCooOptions, LayoutAdvisor.Product, PrintWriter)} for a matrix used in SpMV. */
  LayoutAdvisor.Choice layout(Graph graph, BlockCooOptions base, PrintWriter err) {
    return layout(graph, base, LayoutAdvisor.Product.SPMV, err);
  }

  /**
   * The layout for {@code graph}: {@code base} (orientation, values) with these options' block shape and order, and
   * why; {@code auto} chooses for {@code product}, and {@code err} is told which order it chose.
   */
  LayoutAdvisor.Choice layout(Graph graph, BlockCooOptions base, LayoutAdvisor.Product product, PrintWriter err) {
    BlockCooOptions o = base.withBlockHeight(blockHeight).withBlockWidth(blockWidth);
    return switch (order) {
      case auto -> {
        LayoutAdvisor.Choice choice = LayoutAdvisor.choose(graph, o, kernels().threads(), product);
        err.println("layout: " + name(choice.options()) + ", since " + choice.reason()
            + " (--order picks another)");
        yield choice;
      }
      case rcm -> new LayoutAdvisor.Choice(o.withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.ROW),
          "asked for with --order rcm");
      case cache -> new LayoutAdvisor.Choice(o.withElementOrder(ElementOrder.CACHE), "asked for with --order cache");
      case none -> new LayoutAdvisor.Choice(o.withElementOrder(ElementOrder.ROW), "asked for with --order none");
    };
  }

  private static Order name(BlockCooOptions o) {
    return o.vertexOrder() == VertexOrder.RCM ? Order.rcm : o.elementOrder() == ElementOrder.ROW ? Order.none
        : Order.cache;
  }

  /** The kernels for {@code --threads}, made once: kernels of their own start helper threads. */
  SparseKernels kernels() {
    if (threads < 0) {
      throw new IllegalArgumentException("--threads " + threads + " must be 0 (all cores) or positive");
    }
    if (kernels == null) {
      kernels = threads == 0 ? SparseKernels.defaults() : SparseKernels.create(threads);
    }
    return kernels;
  }
}

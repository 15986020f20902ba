package org.tropic.cli.dist;

import java.util.List;
import org.tropic.apsp.Algorithm;
import org.tropic.dist.BroadcastAlgorithm;
import org.tropic.dist.DistributedOptions;
import org.tropic.dist.ProcessGrid;
import org.tropic.semiring.Arithmetic;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The {@code apsp} command's distributed flags, as a picocli mixin:
 * {@code --distributed [--grid 2x2] [--bcast ring|ring2|library] [--chunk-size BYTES]}. The block size, threads,
 * arithmetic and {@code --no-lookahead} are the command's own flags, shared with single-node runs.
 */
public final class DistributedFlags {

  @Option(names = "--distributed", description = "Run the 2D block-cyclic Floyd–Warshall over MPI; start with"
      + " mpirun -np P (Open MPI).")
  boolean distributed;

  @Option(names = "--grid", paramLabel = "ROWSxCOLUMNS", description = "Process grid, e.g. 2x2 (default: chosen"
      + " by the cost model, rows ≈ columns).")
  String grid;

  @Option(names = "--bcast", paramLabel = "ALGORITHM", defaultValue = "ring", description = "Panel broadcast:"
      + " ring (default), ring2 (COAST ring-2-modified) or library (MPI_Bcast).")
  String broadcast;

  @Option(names = "--chunk-size", paramLabel = "BYTES", defaultValue = "4194304", description = "Ring broadcast"
      + " pipeline chunk in bytes (default: 4 MiB).")
  long chunkBytes;

  /** Whether {@code --distributed} was given. */
  public boolean enabled() {
    return distributed;
  }

  /**
   * Refuses {@code --grid}, {@code --bcast} and {@code --chunk-size} in a run without {@code --distributed}, which
   * would otherwise ignore them.
   */
  public void requireDistributedForItsFlags(ParseResult parsed) {
    if (distributed) {
      return;
    }
    for (String flag : List.of("--grid", "--bcast", "--chunk-size")) {
      if (parsed.hasMatchedOption(flag)) {
        throw new IllegalArgumentException(flag + " is for distributed runs: add --distributed and start with"
            + " mpirun -np P");
      }
    }
  }

  /**
   * Refuses the {@code apsp} options a distributed run would otherwise ignore silently: it always runs
   * Floyd–Warshall, writes no predecessor matrix, and prints its own summary (no JSON, no example paths).
   *
   * @param algorithm the {@code --algorithm} given (auto and fw are what it runs)
   * @throws IllegalArgumentException naming the first such option
   */
  public void refuseOptionsItWouldIgnore(ParseResult parsed, Algorithm algorithm) {
    if (!distributed) {
      return;
    }
    if (algorithm != Algorithm.AUTO && algorithm != Algorithm.FW) {
      throw new IllegalArgumentException("--distributed runs Floyd–Warshall only, not --algorithm "
          + algorithm.label() + ": drop one of them");
    }
    if (parsed.hasMatchedOption("--checkpoint-every") && !parsed.hasMatchedOption("--checkpoint")) {
      throw new IllegalArgumentException("--checkpoint-every says how often to save to --checkpoint FILE: add it");
    }
    for (String flag : List.of("--parts", "--predecessors", "--json", "--examples", "--seed")) {
      if (parsed.hasMatchedOption(flag)) {
        throw new IllegalArgumentException(flag + " is not supported with --distributed, which would ignore it"
            + " (it writes the distances and their sidecar, and prints a summary of the run): drop " + flag
            + " or run on one node");
      }
    }
  }

  /**
   * The options these flags describe.
   *
   * @param blockSize the command's block size, 0 for automatic
   * @param threads the command's threads per rank, 0 for automatic
   * @param arithmetic the command's arithmetic, {@code null} for automatic
   * @param lookahead whether the next pivot's panels are computed and sent during the outer product
   * @throws IllegalArgumentException naming the flag and value if one is malformed
   */
  public DistributedOptions toOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead) {
    DistributedOptions options = DistributedOptions.defaults()
        .withBroadcast(BroadcastAlgorithm.ofLabel(broadcast))
        .withLookahead(lookahead)
        .withBlockSize(blockSize)
        .withThreads(threads)
        .withArithmetic(arithmetic)
        .withChunkBytes(chunkBytes);
    return grid == null ? options : options.withGrid(ProcessGrid.parse(grid));
  }
}

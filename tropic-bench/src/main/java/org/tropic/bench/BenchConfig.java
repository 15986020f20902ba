package org.tropic.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.tropic.semiring.Arithmetic;

/**
 * Everything a benchmark run can be told. Build one with {@link #builder()}; the defaults are the full run the
 * project's targets are stated for (kernel at 1 and all cores, FW at n = 4096 and 8192, peers at n = 4000).
 *
 * @param parts which parts to run
 * @param kernelArithmetics arithmetic paths the kernel is timed on
 * @param kernelThreads thread counts the kernel is timed on (each also gets a clock measurement)
 * @param kernel how to time the kernel (panel size, warmup, rounds)
 * @param fwSizes n of the random graphs for end-to-end FW
 * @param graphFiles real graph files run end to end and against the peers
 * @param fwThreads threads of the end-to-end solves (also the kernel thread count its ratio uses)
 * @param fwArithmetic the FW path, or null to choose the fastest exact one per graph
 * @param fw how to time end-to-end solves
 * @param blockSize the blocked FW's tile size
 * @param lookahead whether the blocked FW overlaps the next pivot's panels with the current update
 * @param symmetry whether the blocked FW solves symmetric graphs on the upper triangle of tiles
 * @param degree out-degree of the random graphs
 * @param weights weights of the random graphs
 * @param seed seed of the random graphs
 * @param peerSize n of the random graph the peers run on (the SciPy/JGraphT targets are stated at 4000)
 * @param scipyMaxN largest n SciPy runs at
 * @param jgraphtMaxN largest n JGraphT runs at; below {@code peerSize}, an extra random graph of this size is run
 *     so JGraphT still gets a (clearly labelled) ratio
 * @param samplePairs pairs compared with each peer
 * @param python the Python interpreter for SciPy, or null to search
 * @param peerTimeoutSeconds limit of one SciPy run
 * @param clockGhz the clock to use instead of measuring it, or NaN to measure
 * @param clockRounds timed rounds of the clock probe
 * @param floatFlopsPerCycle per-core flops per cycle of the exact-float path
 * @param intFlopsPerCycle per-core flops per cycle of the non-negative and int32 paths
 * @param scalarKernels run the scalar reference kernels instead of the best ones (for comparison or testing)
 * @param jsonOut where to write the results as JSON too, or null
 */
public record BenchConfig(Set<BenchPart> parts, List<Arithmetic> kernelArithmetics, List<Integer> kernelThreads,
    KernelBench.Options kernel, List<Integer> fwSizes, List<Path> graphFiles, int fwThreads, Arithmetic fwArithmetic,
    FloydWarshallBench.Options fw, int blockSize, boolean lookahead, boolean symmetry, int degree,
    RandomGraphs.Weights weights, long seed, int peerSize, int scipyMaxN, int jgraphtMaxN, int samplePairs,
    String python, long peerTimeoutSeconds, double clockGhz, int clockRounds, int floatFlopsPerCycle,
    int intFlopsPerCycle, boolean scalarKernels, Path jsonOut) {

  public BenchConfig {
    parts = parts.isEmpty() ? EnumSet.noneOf(BenchPart.class) : EnumSet.copyOf(parts);
    kernelArithmetics = List.copyOf(kernelArithmetics);
    kernelThreads = List.copyOf(kernelThreads);
    fwSizes = List.copyOf(fwSizes);
    graphFiles = List.copyOf(graphFiles);
    requirePositive("fw threads", fwThreads);
    if (blockSize < 0) {
      throw new IllegalArgumentException("block size must be 0 (the cost model chooses) or positive, got " + blockSize);
    }
    requirePositive("peer size", peerSize);
    requirePositive("sample pairs", samplePairs);
    requirePositive("clock rounds", clockRounds);
    requirePositive("peer timeout", peerTimeoutSeconds);
    if (degree < 0) {
      throw new IllegalArgumentException("degree must be >= 0, got " + degree);
    }
    for (int t : kernelThreads) {
      requirePositive("kernel threads", t);
    }
    for (int n : fwSizes) {
      requirePositive("FW size", n);
    }
    if (!Double.isNaN(clockGhz) && !(clockGhz > 0)) {
      throw new IllegalArgumentException("clock must be a positive number of GHz, got " + clockGhz);
    }
  }

  private static void requirePositive(String what, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be >= 1, got " + value);
    }
  }

  /** Whether a part is to run. */
  public boolean runs(BenchPart part) {
    return parts.contains(part);
  }

  /** A builder holding the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this configuration. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.parts = EnumSet.noneOf(BenchPart.class);
    b.parts.addAll(parts);
    b.kernelArithmetics = new ArrayList<>(kernelArithmetics);
    b.kernelThreads = new ArrayList<>(kernelThreads);
    b.kernel = kernel;
    b.fwSizes = new ArrayList<>(fwSizes);
    b.graphFiles = new ArrayList<>(graphFiles);
    b.fwThreads = fwThreads;
    b.fwArithmetic = fwArithmetic;
    b.fw = fw;
    b.blockSize = blockSize;
    b.lookahead = lookahead;
    b.symmetry = symmetry;
    b.degree = degree;
    b.weights = weights;
    b.seed = seed;
    b.peerSize = peerSize;
    b.scipyMaxN = scipyMaxN;
    b.jgraphtMaxN = jgraphtMaxN;
    b.samplePairs = samplePairs;
    b.python = python;
    b.peerTimeoutSeconds = peerTimeoutSeconds;
    b.clockGhz = clockGhz;
    b.clockRounds = clockRounds;
    b.floatFlopsPerCycle = floatFlopsPerCycle;
    b.intFlopsPerCycle = intFlopsPerCycle;
    b.scalarKernels = scalarKernels;
    b.jsonOut = jsonOut;
    return b;
  }

  /** Collects settings; every setter returns the builder. */
  public static final class Builder {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private Set<BenchPart> parts = EnumSet.allOf(BenchPart.class);
    private List<Arithmetic> kernelArithmetics = new ArrayList<>(List.of(Arithmetic.values()));
    private List<Integer> kernelThreads = new ArrayList<>(CORES > 1 ? List.of(1, CORES) : List.of(1));
    private KernelBench.Options kernel = new KernelBench.Options(256, 3, 7, 200);
    private List<Integer> fwSizes = new ArrayList<>(List.of(4096, 8192));
    private List<Path> graphFiles = new ArrayList<>();
    private int fwThreads = CORES;
    private Arithmetic fwArithmetic;
    private FloydWarshallBench.Options fw = new FloydWarshallBench.Options(1, 3, 4, true);
    private int blockSize = 0;
    private boolean lookahead = true;
    private boolean symmetry = true;
    private int degree = 16;
    private RandomGraphs.Weights weights = RandomGraphs.Weights.REAL;
    private long seed = 42;
    private int peerSize = 4000;
    private int scipyMaxN = 8192;
    private int jgraphtMaxN = 2000;
    private int samplePairs = 1000;
    private String python;
    private long peerTimeoutSeconds = 3600;
    private double clockGhz = Double.NaN;
    private int clockRounds = 5;
    private int floatFlopsPerCycle = MinPlusPeak.FLOAT_FLOPS_PER_CYCLE;
    private int intFlopsPerCycle = MinPlusPeak.INT_FLOPS_PER_CYCLE;
    private boolean scalarKernels;
    private Path jsonOut;

    private Builder() {}

    public Builder parts(Set<BenchPart> value) {
      parts = EnumSet.noneOf(BenchPart.class);
      parts.addAll(value);
      return this;
    }

    public Builder kernelArithmetics(List<Arithmetic> value) {
      kernelArithmetics = new ArrayList<>(value);
      return this;
    }

    public Builder kernelThreads(List<Integer> value) {
      kernelThreads = new ArrayList<>(value);
      return this;
    }

    public Builder kernel(KernelBench.Options value) {
      kernel = value;
      return this;
    }

    public Builder fwSizes(List<Integer> value) {
      fwSizes = new ArrayList<>(value);
      return this;
    }

    public Builder graphFiles(List<Path> value) {
      graphFiles = new ArrayList<>(value);
      return this;
    }

    public Builder fwThreads(int value) {
      fwThreads = value;
      return this;
    }

    public Builder fwArithmetic(Arithmetic value) {
      fwArithmetic = value;
      return this;
    }

    public Builder fw(FloydWarshallBench.Options value) {
      fw = value;
      return this;
    }

    public Builder blockSize(int value) {
      blockSize = value;
      return this;
    }

    public Builder lookahead(boolean value) {
      lookahead = value;
      return this;
    }

    public Builder symmetry(boolean value) {
      symmetry = value;
      return this;
    }

    public Builder degree(int value) {
      degree = value;
      return this;
    }

    public Builder weights(RandomGraphs.Weights value) {
      weights = value;
      return this;
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public Builder peerSize(int value) {
      peerSize = value;
      return this;
    }

    public Builder scipyMaxN(int value) {
      scipyMaxN = value;
      return this;
    }

    public Builder jgraphtMaxN(int value) {
      jgraphtMaxN = value;
      return this;
    }

    public Builder samplePairs(int value) {
      samplePairs = value;
      return this;
    }

    public Builder python(String value) {
      python = value;
      return this;
    }

    public Builder peerTimeoutSeconds(long value) {
      peerTimeoutSeconds = value;
      return this;
    }

    public Builder clockGhz(double value) {
      clockGhz = value;
      return this;
    }

    public Builder clockRounds(int value) {
      clockRounds = value;
      return this;
    }

    public Builder floatFlopsPerCycle(int value) {
      floatFlopsPerCycle = value;
      return this;
    }

    public Builder intFlopsPerCycle(int value) {
      intFlopsPerCycle = value;
      return this;
    }

    public Builder scalarKernels(boolean value) {
      scalarKernels = value;
      return this;
    }

    public Builder jsonOut(Path value) {
      jsonOut = value;
      return this;
    }

    public BenchConfig build() {
      return new BenchConfig(parts, kernelArithmetics, kernelThreads, kernel, fwSizes, graphFiles, fwThreads,
          fwArithmetic, fw, blockSize, lookahead, symmetry, degree, weights, seed, peerSize, scipyMaxN, jgraphtMaxN,
          samplePairs, python, peerTimeoutSeconds, clockGhz, clockRounds, floatFlopsPerCycle, intFlopsPerCycle,
          scalarKernels, jsonOut);
    }
  }
}

package org.tropic.analytics;

import java.util.Arrays;
import org.tropic.apsp.Progress;
import org.tropic.sparse.Permutation;

/**
 * Eigenvector centrality (HPC-KG §2.4): the dominant left eigenvector of the adjacency matrix — a vertex is central
 * when central vertices point to it — by power iteration on Aᵀ + I. The shift by I keeps the dominant eigenvector
 * (it adds 1 to every eigenvalue) but makes the iteration converge on bipartite graphs too, where plain power
 * iteration oscillates. Scores are normalised to unit ℓ₂ norm; the iteration stops when successive vectors differ by
 * less than the tolerance in ℓ₂ norm (JGraphT's test), or when the change has reached the float32 floor: below
 * {@link #float32Floor} and no new smallest change for {@value #STALLED_ITERATIONS} iterations. The state vector is
 * float32, and the rounding of a product in one element order can keep successive vectors apart by more than the
 * tolerance for ever (cache order on as-22july06: 1.45e-6, against 1e-6, at every iteration from the 60th); that is
 * as converged as float32 gets. A graph with arcs but no directed cycle is refused: it has no dominant eigenvector.
 * O(iterations · nnz / threads), after an O(n + nnz) topological sort.
 */
public final class EigenvectorCentrality {
  /** Iterations without a new smallest change, below the float32 floor, that mean rounding, not convergence, rules. */
  static final int STALLED_ITERATIONS = 5;

  private EigenvectorCentrality() {}

  /**
   * The ℓ₂ change between two unit vectors that float32 rounding alone can cause: float32 precision (2⁻²³) × √n.
   * One unit in the last place of every entry of a unit vector is 2⁻²³ in ℓ₂; the rounding of a product sums a
   * row's errors, and √n is a generous allowance for that.
   */
  public static double float32Floor(int n) {
    return 0x1p-23 * Math.sqrt(Math.max(1, n));
  }

  /**
   * @param maxIterations at least 1
   * @param tolerance ℓ₂ change between iterations to stop at, positive
   */
  public record Options(int maxIterations, double tolerance) {
    public Options {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("power iteration needs at least 1 iteration, got " + maxIterations);
      }
      if (!(tolerance > 0)) {
        throw new IllegalArgumentException("tolerance " + tolerance + " must be positive");
      }
    }

    /** Up to 1,000 iterations, tolerance 1e-6. */
    public static Options defaults() {
      return new Options(1_000, 1e-6);
    }
  }

  /**
   * @param scores unit-norm centrality by original id
   * @param eigenvalue the dominant eigenvalue estimate, ‖(Aᵀ+I)x‖ − 1, at least 0
   * @param iterations power iterations run
   * @param change ℓ₂ change of the last iteration
   * @param converged whether {@code change} fell below the tolerance, or stalled at the float32 floor
   * @param atFloat32Floor whether it stopped at the float32 floor rather than below the tolerance
   */
  public record Result(VertexScores scores, double eigenvalue, int iterations, double change, boolean converged,
      boolean atFloat32Floor) {}

  /**
   * Refuses a graph whose arcs form no directed cycle (a DAG, as a citation graph): its adjacency matrix is then
   * nilpotent, every eigenvalue 0, so there is no dominant eigenvector, and power iteration on Aᵀ + I drifts towards
   * the ends of the longest paths for ever; it ran out of iterations and advised more. A graph with no arcs (A = 0)
   * is left alone: every vector is an eigenvector, and the uniform one is answered at once.
   */
  private static void refuseAcyclic(SparseGraph g) {
    if (DirectedCycles.of(g) == DirectedCycles.Shape.ACYCLIC) {
      throw new IllegalArgumentException("eigenvector centrality is undefined on this graph: its arcs of positive"
          + " weight form no directed cycle, so its adjacency matrix is nilpotent (every eigenvalue 0) and has no"
          + " dominant eigenvector; more iterations cannot help. Katz centrality or PageRank rank a graph without"
          + " cycles, such as a citation DAG");
    }
  }

  public static Result compute(SparseGraph g, Options options) {
    return compute(g, options, Progress.NONE);
  }

  /**
   * As {@link #compute(SparseGraph, Options)}, reporting one unit per iteration (an SpMV) against the most
   * iterations, and ending early on convergence.
   */
  public static Result compute(SparseGraph g, Options options, Progress progress) {
    g.requireNonNegativeWeights("eigenvector centrality");
    refuseAcyclic(g);
    int n = g.vertexCount();
    float[] x = new float[n];
    Arrays.fill(x, (float) Math.sqrt(1.0 / Math.max(1, n)));
    float[] y = new float[n];
    int iterations = 0;
    double change = Double.POSITIVE_INFINITY;
    double norm = 0;
    double floor = float32Floor(n);
    double smallest = Double.POSITIVE_INFINITY;
    int sinceSmallest = 0;
    boolean stalled = false;
    progress.begin(ProgressTasks.upTo("eigenvector centrality", options.maxIterations(), "iterations"),
        options.maxIterations());
    while (iterations < options.maxIterations() && !(change < options.tolerance()) && !stalled) {
      // y ← (Aᵀ + I)·x
      System.arraycopy(x, 0, y, 0, n);
      g.kernels().spmv(g.matrix(), 1f, x, 1f, y);
      norm = VectorMath.norm2(y);
      if (norm == 0) {
        break;
      }
      VectorMath.scale(y, 1 / norm);
      change = VectorMath.distance2(x, y);
      float[] t = x;
      x = y;
      y = t;
      iterations++;
      progress.advance(1);
      if (change < smallest) {
        smallest = change;
        sinceSmallest = 0;
      } else {
        sinceSmallest++;
      }
      stalled = change < floor && sinceSmallest >= STALLED_ITERATIONS;
    }
    progress.end();
    Permutation p = g.permutation();
    boolean belowTolerance = change < options.tolerance();
    // A non-negative matrix has a non-negative spectral radius (Perron–Frobenius); with no arcs (arcs forming no
    // cycle are refused above) it is 0 and ‖x‖ rounds to 1 − 2⁻²⁵ or so, which would print as a negative eigenvalue.
    double eigenvalue = Math.max(0, norm - 1);
    return new Result(new VertexScores(p.toOld(VectorMath.toDouble(x)), g), eigenvalue, iterations, change,
        belowTolerance || stalled, stalled && !belowTolerance);
  }
}

package org.tropic.apsp;

import java.util.Locale;
import org.tropic.io.Units;

/** A run refused before it starts because its result and working memory exceed the budget; the message has numbers. */
public final class MemoryBudgetException extends RuntimeException {
  private final String what;
  private final long neededBytes;
  private final long budgetBytes;
  private final String advice;

  /**
   * This JVM's heap: the advice is a heap that holds it ({@link HeapAdvice}), a larger machine or several of them.
   */
  public MemoryBudgetException(String what, long neededBytes, long budgetBytes) {
    this(what, neededBytes, budgetBytes, HeapAdvice.forShortfall(neededBytes, budgetBytes).advise("use a machine"
        + " with more memory, or spread the matrix over several (mpirun -np P ./tropic apsp GRAPH -o OUT.npy"
        + " --distributed)"));
  }

  /** Memory of another kind (a GPU's, say), with the advice that fits it. */
  public MemoryBudgetException(String what, long neededBytes, long budgetBytes, String advice) {
    super(String.format("%s needs %s but only %s is available; %s", what, gib(neededBytes), gib(budgetBytes),
        advice));
    this.what = what;
    this.neededBytes = neededBytes;
    this.budgetBytes = budgetBytes;
    this.advice = advice;
  }

  /** The same refusal with other advice, for a caller whose user has other ways out (e.g. a smaller graph). */
  public MemoryBudgetException withAdvice(String advice) {
    return new MemoryBudgetException(what, neededBytes, budgetBytes, advice);
  }

  /**
   * The same refusal with {@code remedy} offered before its advice, for a caller that knows the cheapest way out
   * (e.g. a smaller tile size): a clause before "needs" made the sentence unreadable.
   */
  public MemoryBudgetException withFirstRemedy(String remedy) {
    return new MemoryBudgetException(what, neededBytes, budgetBytes, remedy + "; or " + advice);
  }

  public long neededBytes() {
    return neededBytes;
  }

  public long budgetBytes() {
    return budgetBytes;
  }

  /**
   * Readable units first, then the exact count. Hundredths of a GiB made small needs unreadable: a rank refused with
   * "needs 0.05 GiB ... but only 0.05 GiB", an APSP with "needs 0.19 GiB but only 0.19 GiB".
   */
  static String gib(long bytes) {
    return String.format(Locale.ROOT, "%s (%,d bytes)", Units.bytes(bytes), bytes);
  }
}

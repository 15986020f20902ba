package org.tropic.apsp;

/** A run refused before it starts because its result and working memory exceed the budget; the message has numbers. */
public final class MemoryBudgetException extends RuntimeException {
  private final long neededBytes;
  private final long budgetBytes;

  public MemoryBudgetException(String what, long neededBytes, long budgetBytes) {
    super(String.format("%s needs %s but only %s is available; raise the JVM heap (TROPIC_JAVA_OPTS=-Xmx...), "
        + "use a machine with more memory, or spread the matrix over several "
        + "(mpirun -np P ./tropic apsp GRAPH -o OUT.npy --distributed)", what, gib(neededBytes), gib(budgetBytes)));
    this.neededBytes = neededBytes;
    this.budgetBytes = budgetBytes;
  }

  public long neededBytes() {
    return neededBytes;
  }

  public long budgetBytes() {
    return budgetBytes;
  }

  private static String gib(long bytes) {
    return String.format("%.2f GiB (%,d bytes)", bytes / (double) (1L << 30), bytes);
  }
}

package org.tropic.mpi;

/** Reduction operations for {@link Communicator#allreduce}, with the Open MPI global each handle points at. */
public enum ReduceOp {
  MIN("ompi_mpi_op_min"),
  MAX("ompi_mpi_op_max"),
  SUM("ompi_mpi_op_sum");

  private final String symbol;

  ReduceOp(String symbol) {
    this.symbol = symbol;
  }

  String symbol() {
    return symbol;
  }
}

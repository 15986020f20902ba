package org.tropic.mpi;

/**
 * The MPI element types Tropic sends, with the Open MPI global each handle is the address of and the element size
 * in bytes.
 */
public enum Datatype {
  BYTE("ompi_mpi_byte", 1),
  INT("ompi_mpi_int", 4),
  LONG("ompi_mpi_long", 8),
  FLOAT("ompi_mpi_float", 4),
  DOUBLE("ompi_mpi_double", 8);

  private final String symbol;
  private final int bytes;

  Datatype(String symbol, int bytes) {
    this.symbol = symbol;
    this.bytes = bytes;
  }

  /** The exported Open MPI global whose address is this type's handle. */
  String symbol() {
    return symbol;
  }

  /** Bytes per element. */
  public int bytes() {
    return bytes;
  }
}

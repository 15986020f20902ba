package org.tropic.mpi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which libraries the binding refuses, and how it says so (nothing here initialises MPI). */
class MpiLibraryTest {

  @AfterEach
  void clearOverride() {
    System.clearProperty(MpiLibrary.LIBRARY_PROPERTY);
  }

  @Test
  void aMissingLibraryIsReportedWithHowToInstallOpenMpi() {
    System.setProperty(MpiLibrary.LIBRARY_PROPERTY, "libtropic-no-such-mpi.so.1");
    assertThatThrownBy(MpiLibrary::load).isInstanceOf(MpiUnavailableException.class)
        .hasMessageContaining("cannot load the MPI library libtropic-no-such-mpi.so.1")
        .hasMessageContaining("apt-get install openmpi-bin libopenmpi-dev");
  }

  @Test
  void aLibraryWithoutOpenMpisGlobalsIsRefusedAsAnotherAbi() {
    // libc loads fine but exports no ompi_mpi_comm_world, as MPICH's libmpich.so.12 does not either.
    System.setProperty(MpiLibrary.LIBRARY_PROPERTY, "libc.so.6");
    assertThatThrownBy(MpiLibrary::load).isInstanceOf(MpiUnavailableException.class)
        .hasMessageContaining("libc.so.6 exports no ompi_mpi_comm_world, so it is not Open MPI")
        .hasMessageContaining("MPICH");
  }
}

package org.tropic.cli.dist;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.HeapFootprint;
import org.tropic.cli.MpirunRank;

/**
 * The garbage collector a rank of {@code mpirun -np P ./tropic ...} gets, which decides how its heap holds the tiles.
 * With no collector named, HotSpot picks G1 only on a "server-class machine", two CPUs or more (and about 2 GiB):
 * Open MPI binds each rank of a job of one or two to a core, so on a machine without SMT each sees one CPU and gets
 * the serial collector (measured here: {@code mpirun -np 2 java -Xlog:gc -version} says "Using Serial", -np 3 and 4,
 * bound to a package, "Using G1"). G1 cuts the heap into regions and a 512 × 512 tile, over half of a 1 MiB region,
 * takes two; the serial collector packs arrays end to end, but its {@code maxMemory()} lacks a survivor space, a
 * thirtieth of the heap. The distributed run's own check counts in the collector its JVM has; this is the model's
 * guess of it.
 */
enum RankCollector {
  /** G1: arrays packed into regions sized by the heap, and the whole heap is the rank's. */
  G1("G1"),
  /** The serial collector: arrays end to end, one survivor space (a thirtieth of the heap) not the rank's. */
  SERIAL("serial"),
  /** Another, or unknown: counted by both rules' larger figures, regions and a survivor space, never too little. */
  CAUTIOUS("unknown");

  /** Below this, HotSpot's server-class test fails on memory: 2 GiB less its 256 MiB tolerance. */
  private static final long SERVER_MEMORY = (2L << 30) - (256L << 20);

  private final String label;

  RankCollector(String label) {
    this.label = label;
  }

  /** "G1", "serial" or "unknown". */
  String label() {
    return label;
  }

  /** The heap a float array of {@code length} elements takes on a rank's heap of {@code heapBytes}. */
  long floatArray(long length, long heapBytes) {
    return HeapFootprint.floatArray(length, heapBytes, this != SERIAL);
  }

  /** What a rank started with -Xmx{@code heap} counts as its own: its {@code Runtime.maxMemory()}. */
  long maxMemory(long heap) {
    return this == G1 ? heap : heap - heap / 30; // serial: a young generation of a third, a tenth of it a survivor
  }

  /**
   * The collector the ranks of a job of {@code processes} on this machine get: this JVM's where it is itself a rank
   * (started alike) or its collector was named (in TROPIC_JAVA_OPTS, which every rank gets too); else HotSpot's own
   * choice for the CPUs Open MPI's default binding leaves a rank ({@link #forVisibleCpus}).
   */
  static RankCollector forJob(int processes) {
    RankCollector own = ofThisJvm();
    if (MpirunRank.ranks() > 1 || System.getenv("OMPI_COMM_WORLD_SIZE") != null || named()) {
      return own;
    }
    int cpus = Runtime.getRuntime().availableProcessors();
    if (processes > 2) {
      return forVisibleCpus(cpus, HeapAdvice.physicalMemory()); // bound to a package, or (oversubscribed) not bound
    }
    int perCore = threadsPerCore();
    if (perCore <= 0) {
      return CAUTIOUS;
    }
    // one or two ranks are bound to a core each, where there are that many cores; else not bound
    return forVisibleCpus(processes <= cpus / perCore ? perCore : cpus, HeapAdvice.physicalMemory());
  }

  /** HotSpot's ergonomic choice for a JVM that sees {@code cpus} CPUs and {@code memory} bytes (0: unknown). */
  static RankCollector forVisibleCpus(int cpus, long memory) {
    return cpus >= 2 && (memory <= 0 || memory >= SERVER_MEMORY) ? G1 : SERIAL;
  }

  /** This JVM's collector. */
  static RankCollector ofThisJvm() {
    return flag("UseG1GC") ? G1 : flag("UseSerialGC") ? SERIAL : CAUTIOUS;
  }

  /** Whether this JVM's collector was named on its command line rather than left to the ergonomics. */
  private static boolean named() {
    for (String gc : new String[] {"UseG1GC", "UseSerialGC", "UseParallelGC", "UseZGC", "UseShenandoahGC"}) {
      VMOption option = option(gc);
      if (option != null && option.getOrigin() != VMOption.Origin.DEFAULT
          && option.getOrigin() != VMOption.Origin.ERGONOMIC) {
        return true;
      }
    }
    return false;
  }

  private static boolean flag(String name) {
    VMOption option = option(name);
    return option != null && Boolean.parseBoolean(option.getValue());
  }

  private static VMOption option(String name) {
    try {
      return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name);
    } catch (RuntimeException | LinkageError e) {
      return null; // not HotSpot, or this collector is not built in
    }
  }

  /** The hardware threads of CPU 0's core (Linux's topology), or 0 where that cannot be read. */
  private static int threadsPerCore() {
    try {
      String siblings = Files.readString(Path.of("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list"))
          .strip();
      int count = 0;
      for (String range : siblings.split(",")) {
        String[] ends = range.split("-");
        count += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
      }
      return count;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}

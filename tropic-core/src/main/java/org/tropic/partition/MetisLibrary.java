package org.tropic.partition;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Objects;
import java.util.Optional;

/**
 * METIS 5 ({@code libmetis.so.5}, Debian package {@code libmetis5}) bound through the Foreign Function &amp; Memory
 * API. The library is looked up once per JVM; when it is missing, {@link #load()} is empty and {@link #require()}
 * throws a {@link MetisUnavailableException} that says how to install it. The binding assumes METIS's 32-bit
 * {@code idx_t} (what Debian builds) and checks it when loading: a library built with 64-bit indices is refused
 * rather than handed arrays of the wrong width. {@code real_t} is never passed (target weights and imbalance stay
 * at their defaults), so its width does not matter.
 *
 * <p>Calls are serialised: METIS keeps allocator state that is not documented as thread-safe, and partitioning
 * costs little next to the APSP it prepares. Native buffers live in a confined arena per call.
 */
public final class MetisLibrary implements Metis {
  /** The shared library name the dynamic linker looks for. */
  public static final String LIBRARY = "libmetis.so.5";

  /** {@code METIS_NOPTIONS} and the option indices of {@code moptions_et} in METIS 5.1 {@code metis.h}. */
  static final int NOPTIONS = 40;
  static final int OPTION_OBJTYPE = 1;
  static final int OPTION_SEED = 8;
  static final int OPTION_NUMBERING = 17;
  private static final int OBJTYPE_CUT = 0;
  private static final int METIS_OK = 1;

  private static final class Default {
    static final Loaded LOADED = tryLoad(LIBRARY);
  }

  private final MethodHandle setDefaultOptions;
  private final MethodHandle partGraphKway;

  private MetisLibrary(MethodHandle setDefaultOptions, MethodHandle partGraphKway) {
    this.setDefaultOptions = setDefaultOptions;
    this.partGraphKway = partGraphKway;
  }

  /** METIS, if {@code libmetis.so.5} can be loaded here. */
  public static Optional<Metis> load() {
    return Optional.ofNullable(Default.LOADED.library());
  }

  /**
   * METIS, or an exception saying why not and how to fix it.
   *
   * @throws MetisUnavailableException if the library cannot be loaded
   */
  public static Metis require() {
    return Default.LOADED.orThrow();
  }

  /** Why METIS cannot be used here, or empty if it can. */
  public static Optional<String> unavailableReason() {
    return Optional.ofNullable(Default.LOADED.failure());
  }

  /** Loads METIS from the named library (a name for the dynamic linker or a path); for tests of the failure path. */
  static Loaded tryLoad(String library) {
    try {
      Linker linker = Linker.nativeLinker();
      SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
      MethodHandle defaults = linker.downcallHandle(symbol(lookup, library, "METIS_SetDefaultOptions"),
          FunctionDescriptor.of(JAVA_INT, ADDRESS));
      MethodHandle kway = linker.downcallHandle(symbol(lookup, library, "METIS_PartGraphKway"),
          FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS,
              ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
      MetisLibrary metis = new MetisLibrary(defaults, kway);
      metis.checkIndexWidth(library);
      return new Loaded(metis, null, null);
    } catch (IllegalArgumentException | IllegalCallerException | UnsupportedOperationException e) {
      return new Loaded(null, library + " not found: apt-get install libmetis5 (" + e.getMessage() + ")", e);
    } catch (IllegalStateException e) {
      return new Loaded(null, e.getMessage(), e);
    }
  }

  private static MemorySegment symbol(SymbolLookup lookup, String library, String name) {
    return lookup.find(name).orElseThrow(() -> new IllegalStateException(
        library + " has no symbol " + name + ": it is not METIS 5; apt-get install libmetis5"));
  }

  /** METIS_SetDefaultOptions writes NOPTIONS idx_t values; counting the ints it touched tells their width. */
  private void checkIndexWidth(String library) {
    final int sentinel = 0x7E57_7E57;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment options = arena.allocate(JAVA_INT, 2L * NOPTIONS);
      for (int i = 0; i < 2 * NOPTIONS; i++) {
        options.setAtIndex(JAVA_INT, i, sentinel);
      }
      int status = (int) setDefaultOptions.invokeExact(options);
      int touched = 0;
      for (int i = 0; i < 2 * NOPTIONS; i++) {
        touched += options.getAtIndex(JAVA_INT, i) != sentinel ? 1 : 0;
      }
      if (status != METIS_OK || touched != NOPTIONS) {
        throw new IllegalStateException(library + " does not use 32-bit idx_t (METIS_SetDefaultOptions wrote "
            + touched + " ints for " + NOPTIONS + " options, status " + status + "); Tropic needs the 32-bit "
            + "build Debian ships: apt-get install libmetis5");
      }
    } catch (IllegalStateException e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(library + ": METIS_SetDefaultOptions failed: " + e, e);
    }
  }

  @Override
  public KwayPartition partGraphKway(SymmetricAdjacency graph, int parts, int seed) {
    Objects.requireNonNull(graph, "graph");
    int n = graph.vertexCount();
    if (parts < 2 || parts > n) {
      throw new IllegalArgumentException("METIS k-way needs 2 ≤ parts ≤ vertices, got parts=" + parts + " for "
          + n + " vertices");
    }
    if (graph.adjncy().length == 0) {
      throw new IllegalArgumentException("METIS k-way needs at least one edge; the graph has none");
    }
    synchronized (MetisLibrary.class) {
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment options = arena.allocate(JAVA_INT, NOPTIONS);
        int status = (int) setDefaultOptions.invokeExact(options);
        if (status != METIS_OK) {
          throw new IllegalStateException("METIS_SetDefaultOptions returned " + status);
        }
        options.setAtIndex(JAVA_INT, OPTION_OBJTYPE, OBJTYPE_CUT);
        options.setAtIndex(JAVA_INT, OPTION_SEED, seed);
        options.setAtIndex(JAVA_INT, OPTION_NUMBERING, 0);
        MemorySegment part = arena.allocate(JAVA_INT, n);
        MemorySegment edgeCut = arena.allocate(JAVA_INT);
        status = (int) partGraphKway.invokeExact(
            arena.allocateFrom(JAVA_INT, n),
            arena.allocateFrom(JAVA_INT, 1),
            arena.allocateFrom(JAVA_INT, graph.xadj()),
            arena.allocateFrom(JAVA_INT, graph.adjncy()),
            MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL,
            arena.allocateFrom(JAVA_INT, parts),
            MemorySegment.NULL, MemorySegment.NULL,
            options, edgeCut, part);
        if (status != METIS_OK) {
          throw new IllegalStateException("METIS_PartGraphKway failed with status " + status + " ("
              + describe(status) + ") for " + n + " vertices, " + graph.edgeCount() + " edges, " + parts + " parts");
        }
        return new KwayPartition(part.toArray(JAVA_INT), edgeCut.get(JAVA_INT, 0));
      } catch (IllegalStateException e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("METIS_PartGraphKway call failed: " + e, e);
      }
    }
  }

  private static String describe(int status) {
    return switch (status) {
      case -2 -> "erroneous input or options";
      case -3 -> "out of memory";
      default -> "error";
    };
  }

  /** The outcome of loading: the library, or why not. */
  record Loaded(MetisLibrary library, String failure, Throwable cause) {
    Metis orThrow() {
      if (library == null) {
        throw new MetisUnavailableException(failure, cause);
      }
      return library;
    }
  }
}

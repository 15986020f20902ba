package org.tropic.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds a shared library by trying names (resolved by the system's dynamic loader) and then files (full paths).
 * The one place where the GPU module looks for native code, so that tests can point it at a place that has none.
 */
@FunctionalInterface
public interface NativeLibraryLoader {

  /** The system's dynamic loader ({@code dlopen}), with libraries kept for the life of the process. */
  NativeLibraryLoader SYSTEM = candidate -> {
    try {
      if (candidate.contains("/")) {
        Path path = Path.of(candidate);
        return Files.isRegularFile(path) ? Optional.of(SymbolLookup.libraryLookup(path, Arena.global()))
            : Optional.empty();
      }
      return Optional.of(SymbolLookup.libraryLookup(candidate, Arena.global()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  };

  /** The library {@code candidate} (a file name such as {@code libcuda.so.1}, or a path), if it can be loaded. */
  Optional<SymbolLookup> open(String candidate);

  /** The first of {@code candidates} that loads, with the candidate that did. */
  default Optional<Loaded> first(List<String> candidates) {
    for (String candidate : candidates) {
      Optional<SymbolLookup> lookup = open(candidate);
      if (lookup.isPresent()) {
        return Optional.of(new Loaded(candidate, lookup.get()));
      }
    }
    return Optional.empty();
  }

  /** A loaded library and the name or path it was loaded by. */
  record Loaded(String name, SymbolLookup lookup) {}
}

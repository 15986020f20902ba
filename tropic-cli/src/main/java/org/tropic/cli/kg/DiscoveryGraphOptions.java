package org.tropic.cli.kg;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the discovery commands find their graph: {@code --kg}, {@code --as-of} and {@code --edges}. */
final class DiscoveryGraphOptions {
  @Option(names = "--kg", paramLabel = "KG", required = true, description = "a graph built by 'tropic kg build'")
  Path kg;

  @Option(names = "--as-of", paramLabel = "YEAR", description = "use the graph as it stood at the end of YEAR"
      + " (weights recomputed from the evidence up to then; a year before the graph's first is refused with the"
      + " years it has)")
  Integer asOf;

  @Mixin
  PathEdgesOption edges;

  /** The stored graph, or its slice at the end of {@code --as-of} (said on {@code out}). */
  KnowledgeGraph load(PrintWriter out) throws IOException {
    return KgCli.load(kg, asOf, out);
  }
}

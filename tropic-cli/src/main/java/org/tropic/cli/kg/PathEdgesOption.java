package org.tropic.cli.kg;

import java.util.Set;
import org.tropic.kg.EdgeKind;
import picocli.CommandLine.Option;

/** The {@code --edges} option of the commands that search paths: the edge kinds a path may use. */
final class PathEdgesOption {
  @Option(names = "--edges", paramLabel = "KINDS", defaultValue = "all", description = "edge kinds paths may use"
      + " (default ${DEFAULT-VALUE})")
  String edges;

  Set<EdgeKind> kinds() {
    return KgCli.kinds(edges);
  }
}

package org.tropic.cli.kg;

import picocli.CommandLine.Option;

/** {@code -h/--help} for every knowledge-graph command (the version belongs to the top command). */
final class HelpOption {
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
  boolean help;
}

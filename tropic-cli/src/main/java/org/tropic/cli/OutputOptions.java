package org.tropic.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --json}: machine-readable output instead of the aligned table. */
final class OutputOptions {
  @Option(names = "--json", description = "Print JSON instead of a table.")
  boolean json;

  void print(CommandSpec spec, Report report) {
    if (json) {
      report.printJson(spec.commandLine().getOut());
    } else {
      report.printTable(spec.commandLine().getOut());
    }
  }
}

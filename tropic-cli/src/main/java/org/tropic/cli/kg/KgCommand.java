package org.tropic.cli.kg;

import java.util.concurrent.Callable;
import org.tropic.cli.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tropic kg}: knowledge-graph housekeeping; today its one subcommand builds a graph. */
@Command(name = "kg", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Build the typed literature knowledge graph (or a curated one) and store it.",
    subcommands = {KgBuildCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class KgCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return KgCli.BAD_INPUT;
  }
}

package org.tropic.cli.kg;

import java.util.concurrent.Callable;
import org.tropic.cli.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tropic discover}: literature-based discovery on a stored knowledge graph. */
@Command(name = "discover", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Find hidden links (open discovery) or explain a link by its paths (closed discovery).",
    subcommands = {DiscoverOpenCommand.class, DiscoverClosedCommand.class, DemoCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class DiscoverCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return KgCli.BAD_INPUT;
  }
}

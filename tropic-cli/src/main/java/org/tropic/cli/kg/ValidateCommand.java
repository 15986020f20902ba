package org.tropic.cli.kg;

import java.util.concurrent.Callable;
import org.tropic.cli.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tropic validate}: do short paths foretell links? */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Validate path-based discovery: over time (DSNAPSHOT), on held-out links, against a curated graph"
        + " (COAST).",
    subcommands = {ValidateTimeCommand.class, ValidateHoldoutCommand.class, ValidateCuratedCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class ValidateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return KgCli.BAD_INPUT;
  }
}

package org.tropic.cli.kg;

import org.tropic.cli.Version;
import picocli.CommandLine.Command;

/**
 * {@code tropic validate}: do short paths foretell links? Not runnable itself, so that
 * picocli answers it alone with "Missing required subcommand", as it answers {@code tropic}.
 */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Validate path-based discovery: over time (DSNAPSHOT), on held-out links, against a curated graph"
        + " (COAST).",
    subcommands = {ValidateTimeCommand.class, ValidateHoldoutCommand.class, ValidateCuratedCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class ValidateCommand {}

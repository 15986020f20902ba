package org.tropic.cli.kg;

import org.tropic.cli.Version;
import picocli.CommandLine.Command;

/**
 * {@code tropic kg}: knowledge-graph housekeeping; today its one subcommand builds a graph. Not runnable itself, so
 * that picocli answers it alone with "Missing required subcommand", as it answers {@code tropic}.
 */
@Command(name = "kg", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Build the typed literature knowledge graph (or a curated one) and store it.",
    subcommands = {KgBuildCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class KgCommand {}

package org.tropic.cli.kg;

import org.tropic.cli.Version;
import picocli.CommandLine.Command;

/**
 * {@code tropic discover}: literature-based discovery on a stored knowledge graph. Not runnable itself, so that
 * picocli answers it alone with "Missing required subcommand", as it answers {@code tropic}.
 */
@Command(name = "discover", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Find hidden links (open discovery) or explain a link by its paths (closed discovery).",
    subcommands = {DiscoverOpenCommand.class, DiscoverClosedCommand.class, DemoCommand.class},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class DiscoverCommand {}

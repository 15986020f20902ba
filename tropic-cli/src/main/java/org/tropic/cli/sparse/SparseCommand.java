package org.tropic.cli.sparse;

import java.util.Objects;
import org.tropic.cli.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code tropic sparse ...}: the sparse matrix tools, {@code convert} and {@code bench}. Not runnable itself, so that
 * picocli answers {@code tropic sparse} alone with "Missing required subcommand", as it answers {@code tropic}.
 */
@Command(name = "sparse", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Sparse matrix tools (blocked COO).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class SparseCommand {
  /** A {@code CommandLine} for {@code sparse} with its subcommands, loading graphs with {@code loader}. */
  public static CommandLine commandLine(GraphLoader loader) {
    Objects.requireNonNull(loader, "loader");
    return new CommandLine(new SparseCommand()).addSubcommand(new SparseConvertCommand(loader))
        .addSubcommand(new SparseBenchCommand());
  }
}

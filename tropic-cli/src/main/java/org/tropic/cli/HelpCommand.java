package org.tropic.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpCommandInitializable2;
import picocli.CommandLine.Option;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.Parameters;

/**
 * {@code tropic help [COMMAND [SUBCOMMAND ...]]}: the help of a command at any depth. Picocli's own HelpCommand
 * looks up only its first argument, so {@code tropic help discover open} printed the help of {@code discover}.
 */
@Command(name = "help", helpCommand = true, synopsisHeading = "%nUsage: ",
    header = "Show the help of a command or subcommand, as its --help does.",
    description = {"%nWhen no COMMAND is given, the usage help for tropic itself is displayed.",
        "COMMAND may name a subcommand too: 'tropic help discover open' shows the help of 'tropic discover open'.%n"},
    exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:help shown", "2:no such command"})
final class HelpCommand implements IHelpCommandInitializable2, Runnable {
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show usage help for the help command and exit.")
  boolean helpRequested;

  @Parameters(paramLabel = "COMMAND", description = "The command, and its subcommands, to show the help of.")
  List<String> names = new ArrayList<>();

  private CommandLine self;
  private Help.ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(CommandLine helpCommandLine, Help.ColorScheme colorScheme, PrintWriter outWriter,
      PrintWriter errWriter) {
    this.self = helpCommandLine;
    this.colors = colorScheme;
    this.out = outWriter;
  }

  @Override
  public void run() {
    CommandLine command = self.getParent();
    for (String name : names) {
      CommandLine subcommand = command.getSubcommands().get(name);
      if (subcommand == null) {
        // answered as the same mistake without 'help': the command's near misses and where its list is
        throw new UnmatchedArgumentException(command, List.of(name));
      }
      command = subcommand;
    }
    if (command.getCommandSpec().userObject() instanceof PassThroughHelp passThrough) {
      out.print(passThrough.usage());
      out.flush();
    } else {
      command.usage(out, colors);
    }
  }
}

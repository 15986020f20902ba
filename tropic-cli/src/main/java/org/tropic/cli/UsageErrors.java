package org.tropic.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Answers a usage mistake with the problem on one line, the near misses, the command's usage line and where its
 * help is, then exit 2. Picocli printed the whole help after the problem, up to 90 lines that scrolled it off the
 * screen, and named a misspelt command as an "unmatched argument at index 0".
 */
final class UsageErrors {
  private UsageErrors() {}

  static int handle(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    String name = command.getCommandSpec().qualifiedName(" ");
    boolean hasSubcommands = !command.getSubcommands().isEmpty();
    List<String> nearMisses = List.of();
    if (e instanceof UnmatchedArgumentException unmatched) {
      err.println(problem(unmatched, name, hasSubcommands));
      nearMisses = unmatched.getSuggestions().stream()
          .map(s -> unmatched.isUnknownOption() ? s : name + " " + s).toList();
    } else {
      err.println(e.getMessage());
    }
    if (!nearMisses.isEmpty()) {
      err.println("Did you mean " + orList(nearMisses) + "?");
    } else if (hasSubcommands) {
      err.print(command.getUsageMessage()); // the command list is what such a command accepts
      err.flush();
      return command.getCommandSpec().exitCodeOnInvalidInput();
    }
    if (!hasSubcommands) {
      err.print(command.getHelp().fullSynopsis());
    }
    err.println("'" + name + " --help' " + (hasSubcommands ? "lists the commands." : "describes every option."));
    err.flush();
    return command.getCommandSpec().exitCodeOnInvalidInput();
  }

  private static String problem(UnmatchedArgumentException e, String name, boolean hasSubcommands) {
    List<String> unmatched = e.getUnmatched();
    if (e.isUnknownOption() || unmatched.isEmpty()) {
      return e.getMessage();
    }
    if (hasSubcommands) {
      return (name.contains(" ") ? "Unknown subcommand '" + unmatched.getFirst() + "' of '" + name + "'"
          : "Unknown command '" + unmatched.getFirst() + "'") + ".";
    }
    String quoted = unmatched.stream().map(a -> "'" + a + "'").collect(Collectors.joining(", "));
    return (unmatched.size() == 1 ? "Unexpected argument " : "Unexpected arguments ") + quoted + ".";
  }

  private static String orList(List<String> items) {
    List<String> quoted = items.stream().map(s -> "'" + s + "'").toList();
    if (quoted.size() == 1) {
      return quoted.getFirst();
    }
    return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.getLast();
  }
}

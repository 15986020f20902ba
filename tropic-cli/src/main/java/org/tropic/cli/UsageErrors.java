package org.tropic.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
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
    if (e.isUnknownOption() && unmatched.size() > 1) {
      return unknownOptions(unmatched);
    }
    if (e.isUnknownOption() || unmatched.isEmpty()) {
      return e.getMessage();
    }
    if (hasSubcommands) {
      return (name.contains(" ") ? "Unknown subcommand '" + unmatched.getFirst() + "' of '" + name + "'"
          : "Unknown command '" + unmatched.getFirst() + "'") + ".";
    }
    return (unmatched.size() == 1 ? "Unexpected argument " : "Unexpected arguments ") + quoted(unmatched) + ".";
  }

  /**
   * The unknown options without the values typed after them: picocli answered "--thread 3" with "Unknown options:
   * '--thread', '3'", as if 3 were an option too. An argument that follows no unknown option is named as unexpected.
   */
  private static String unknownOptions(List<String> unmatched) {
    List<String> options = new ArrayList<>();
    List<String> unexpected = new ArrayList<>();
    for (int i = 0; i < unmatched.size(); i++) {
      String arg = unmatched.get(i);
      if (isOption(arg)) {
        options.add(arg);
      } else if (i == 0 || !isOption(unmatched.get(i - 1))) {
        unexpected.add(arg);
      }
    }
    String problem = (options.size() == 1 ? "Unknown option: " : "Unknown options: ") + quoted(options);
    if (!unexpected.isEmpty()) {
      problem += "; unexpected argument" + (unexpected.size() == 1 ? " " : "s ") + quoted(unexpected);
    }
    return problem;
  }

  /** An option's name, not a value such as 3 or -1. */
  private static boolean isOption(String arg) {
    return arg.length() > 1 && arg.startsWith("-") && !Character.isDigit(arg.charAt(1)) && arg.charAt(1) != '.';
  }

  private static String quoted(List<String> items) {
    return items.stream().map(a -> "'" + a + "'").collect(Collectors.joining(", "));
  }

  private static String orList(List<String> items) {
    List<String> quoted = items.stream().map(s -> "'" + s + "'").toList();
    if (quoted.size() == 1) {
      return quoted.getFirst();
    }
    return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.getLast();
  }
}

package org.tropic.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Names a bad option value by the alias the user typed. Picocli names an option by its longest alias, so
 * {@code query ... nearest X -k 0} was answered "Invalid value for option '--top'", an option not on the line.
 */
final class TypedOptionName {
  private TypedOptionName() {}

  /** The exception, with its message naming the typed alias where picocli named another one. */
  static CommandLine.ParameterException of(CommandLine.ParameterException e, String[] args) {
    if (!(e.getArgSpec() instanceof OptionSpec option) || option.names().length < 2 || e.getMessage() == null) {
      return e;
    }
    String named = "'" + option.longestName() + "'";
    String typed = typed(option, List.of(args));
    if (typed == null || typed.equals(option.longestName()) || !e.getMessage().contains(named)) {
      return e;
    }
    String message = e.getMessage().replace(named, "'" + typed + "'");
    var renamed = new CommandLine.ParameterException(e.getCommandLine(), message, e, e.getArgSpec(), e.getValue());
    renamed.setStackTrace(e.getStackTrace());
    return renamed;
  }

  /** The last alias of the option on the command line ("-k 0", "-k0", "--top=0"), or null. */
  private static String typed(OptionSpec option, List<String> args) {
    for (int i = args.size() - 1; i >= 0; i--) {
      String arg = args.get(i);
      for (String name : option.names()) {
        boolean attached = name.length() == 2 && !name.startsWith("--") && arg.startsWith(name);
        if (arg.equals(name) || arg.startsWith(name + "=") || attached) {
          return name;
        }
      }
    }
    return null;
  }
}

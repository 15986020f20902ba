package org.tropic.bench;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses the benchmark mains' options with picocli, the same way for all of them: a later occurrence of an option
 * replaces an earlier one, usage text is 120 columns wide without colours, and a bad option becomes an
 * {@link IllegalArgumentException} whose message names the option and the value (picocli's wording).
 */
public final class CommandLines {
  private CommandLines() {}

  /**
   * Fills the {@code @Option} members of {@code command} from {@code args}.
   *
   * @throws IllegalArgumentException naming the option and value that are wrong
   */
  public static void parse(Object command, String... args) {
    try {
      of(command).parseArgs(args);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * Reads a benchmark main's options into {@code command}. Prints the usage and returns false for {@code --help};
   * on a bad option prints the message (after the program's name) and the usage to stderr and exits with 2.
   *
   * @return whether the benchmark should run
   */
  public static boolean parseOrExit(String program, Object command, String... args) {
    if (wantsHelp(args)) {
      System.out.print(usage(command));
      return false;
    }
    try {
      parse(command, args);
      return true;
    } catch (IllegalArgumentException e) {
      System.err.println(program + ": " + e.getMessage());
      System.err.print(usage(command));
      System.exit(2);
      return false;
    }
  }

  /** The usage text of a picocli command object, plain text. */
  public static String usage(Object command) {
    return of(command).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  /** Whether the arguments ask for the usage text ({@code --help} or {@code -h} anywhere). */
  public static boolean wantsHelp(String... args) {
    return List.of(args).contains("--help") || List.of(args).contains("-h");
  }

  /**
   * Splits a comma-separated option value, skipping blank items and converting each with {@code element}; for
   * {@code @Option} setter methods, where picocli does not report conversion errors itself.
   *
   * @throws ParameterException naming the option and the item that is wrong, or saying the list is empty
   */
  public static <T> List<T> commaList(CommandSpec spec, String option, String text, ITypeConverter<T> element) {
    List<T> values = new ArrayList<>();
    for (String item : text.split(",")) {
      if (!item.isBlank()) {
        try {
          values.add(element.convert(item.strip()));
        } catch (TypeConversionException e) {
          throw invalid(spec, option, e.getMessage());
        } catch (Exception e) {
          throw invalid(spec, option, "'" + item.strip() + "': " + e.getMessage());
        }
      }
    }
    if (values.isEmpty()) {
      throw invalid(spec, option, "needs at least one value, got '" + text + "'");
    }
    return values;
  }

  private static ParameterException invalid(CommandSpec spec, String option, String why) {
    return new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': " + why);
  }

  private static CommandLine of(Object command) {
    CommandLine cl = new CommandLine(command);
    cl.setOverwrittenOptionsAllowed(true);
    cl.setUsageHelpWidth(120);
    cl.setUsageHelpLongOptionsMaxWidth(32);
    return cl;
  }
}

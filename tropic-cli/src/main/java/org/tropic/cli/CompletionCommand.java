package org.tropic.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Spec;

/**
 * {@code tropic completion}: a bash (and zsh, through bashcompinit) completion script for every command, option and
 * enumerated value, generated from the same command tree the parser uses, so it cannot fall behind the options.
 */
@Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Print a bash/zsh completion script for tropic's commands, options and their values.",
        "Load it in the current shell with", "  source <(./tropic completion)",
        "or save it once for every new shell, e.g.",
        "  ./tropic completion > ~/.local/share/bash-completion/completions/tropic",
        "Completes 'tropic' and './tropic' alike (bash looks up the name after the",
        "last '/'), and a value after '=' as after a space (--weights=unit).",
        "In zsh, run 'autoload -U +X bashcompinit && bashcompinit' first."},
    exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:script printed", "2:bad usage"})
final class CompletionCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    // the whole tree: a command line started as 'tropic completion' holds only this command
    CommandLine tree = Tropic.commandLine();
    offerValuesAsDocumented(tree);
    spec.commandLine().getOut().print(CompletionScript.of(tree));
    spec.commandLine().getOut().flush();
    return 0;
  }

  /**
   * Picocli offers an enum's constant names (EXACT_FLOAT), which the help never shows and a converter may refuse:
   * each option and parameter of an enum type gets, for each constant, the first word of its help text that its
   * converter reads as that constant ('mtx' for --format's MATRIX_MARKET), else the first of 'exact-float',
   * 'exact_float' and 'EXACT_FLOAT' it takes; where the help names some constants by words, only those are offered
   * (update's --format lists the edge-list formats alone). A text option whose label lists its words
   * ('transpose|adjacency') offers them, and a negatable option its '--no-' form too, which picocli leaves out.
   */
  static void offerValuesAsDocumented(CommandLine command) {
    CommandSpec spec = command.getCommandSpec();
    for (ArgSpec arg : List.copyOf(spec.args())) {
      Class<?> type = arg.auxiliaryTypes().length > 0 ? arg.auxiliaryTypes()[0] : arg.type();
      if (arg.group() != null) {
        continue;
      }
      List<String> values = type.isEnum() ? documentedValues(arg, type)
          : type == String.class ? labelledWords(arg.paramLabel()) : List.of();
      boolean negatable = arg instanceof OptionSpec o && o.negatable() && o.longestName().startsWith("--");
      if (values.isEmpty() && !negatable) {
        continue;
      }
      spec.remove(arg);
      if (arg instanceof OptionSpec option) {
        OptionSpec.Builder builder = OptionSpec.builder(option);
        if (!values.isEmpty()) {
          builder.completionCandidates(values);
        }
        if (negatable) { // only the names matter in this tree, which parses nothing
          builder.negatable(false).names(option.longestName(), "--no-" + option.longestName().substring(2));
        }
        spec.addOption(builder.build());
      } else {
        spec.addPositional(PositionalParamSpec.builder((PositionalParamSpec) arg).completionCandidates(values).build());
      }
    }
    command.getSubcommands().values().forEach(CompletionCommand::offerValuesAsDocumented);
  }

  /** 'auto|weights|pattern' as its words; nothing for a label with a placeholder such as FILE or N. */
  private static List<String> labelledWords(String label) {
    List<String> words = List.of(label.split("\\|"));
    boolean listed = words.size() > 1 && words.stream().allMatch(w -> w.matches("[a-z][a-z0-9_-]*"));
    return listed ? words : List.of();
  }

  private static List<String> documentedValues(ArgSpec arg, Class<?> type) {
    String help = String.join(" ", arg.description()).toLowerCase(Locale.ROOT);
    List<String> helpWords = List.of(help.split("[^a-z0-9_-]+"));
    List<String> named = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      String name = ((Enum<?>) constant).name();
      helpWords.stream().filter(w -> !w.isEmpty() && converts(arg, w) == constant).findFirst().ifPresent(named::add);
      List<String> forms = List.of(name.toLowerCase(Locale.ROOT).replace('_', '-'), name.toLowerCase(Locale.ROOT),
          name);
      values.add(forms.stream().filter(f -> converts(arg, f) == constant).findFirst().orElse(name));
    }
    return named.isEmpty() ? values : named;
  }

  /** The constant {@code value} is read as, or null where it is refused. */
  private static Object converts(ArgSpec arg, String value) {
    ITypeConverter<?>[] converters = arg.converters();
    try {
      if (converters.length > 0) {
        return converters[0].convert(value);
      }
    } catch (Exception e) {
      return null;
    }
    // picocli's own enum conversion, set case-insensitive in Tropic
    Class<?> type = arg.auxiliaryTypes().length > 0 ? arg.auxiliaryTypes()[0] : arg.type();
    for (Object constant : type.getEnumConstants()) {
      if (((Enum<?>) constant).name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    return null;
  }
}

package org.tropic.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
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
        "Completes 'tropic' and './tropic' alike (bash looks up the name after the last '/'). In zsh run",
        "'autoload -U +X bashcompinit && bashcompinit' first."})
final class CompletionCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    // the whole tree: a command line started as 'tropic completion' holds only this command
    CommandLine tree = Tropic.commandLine();
    offerValuesAsDocumented(tree);
    spec.commandLine().getOut().print(AutoComplete.bash("tropic", tree));
    spec.commandLine().getOut().flush();
    return 0;
  }

  /**
   * Picocli offers an enum's constant names (EXACT_FLOAT), which the help never shows and a converter may refuse:
   * each option and parameter of an enum type gets, for each constant, the first of 'exact-float', 'exact_float' and
   * 'EXACT_FLOAT' its help text names and its converter takes.
   */
  static void offerValuesAsDocumented(CommandLine command) {
    CommandSpec spec = command.getCommandSpec();
    for (ArgSpec arg : List.copyOf(spec.args())) {
      Class<?> type = arg.auxiliaryTypes().length > 0 ? arg.auxiliaryTypes()[0] : arg.type();
      if (!type.isEnum() || arg.group() != null) {
        continue;
      }
      List<String> values = documentedValues(arg, type);
      spec.remove(arg);
      if (arg instanceof OptionSpec option) {
        spec.addOption(OptionSpec.builder(option).completionCandidates(values).build());
      } else {
        spec.addPositional(PositionalParamSpec.builder((PositionalParamSpec) arg).completionCandidates(values).build());
      }
    }
    command.getSubcommands().values().forEach(CompletionCommand::offerValuesAsDocumented);
  }

  private static List<String> documentedValues(ArgSpec arg, Class<?> type) {
    String help = String.join(" ", arg.description()).toLowerCase(Locale.ROOT);
    List<String> values = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      String name = ((Enum<?>) constant).name();
      List<String> forms = List.of(name.toLowerCase(Locale.ROOT).replace('_', '-'), name.toLowerCase(Locale.ROOT),
          name);
      String chosen = forms.stream().filter(f -> help.contains(f) && accepts(arg, f)).findFirst()
          .orElse(forms.stream().filter(f -> accepts(arg, f)).findFirst().orElse(name));
      values.add(chosen);
    }
    return values;
  }

  private static boolean accepts(ArgSpec arg, String value) {
    ITypeConverter<?>[] converters = arg.converters();
    try {
      if (converters.length > 0) {
        return converters[0].convert(value) != null;
      }
      return true; // picocli's own enum conversion, set case-insensitive in Tropic: any spelling of the name
    } catch (Exception e) {
      return false;
    }
  }
}

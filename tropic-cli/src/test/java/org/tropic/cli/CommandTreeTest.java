package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tropic.bench.BenchArgs;
import org.tropic.bench.sparse.SparseBench;
import org.tropic.io.ReadOptions;
import picocli.CommandLine;

/** Every command, however deep, answers -h and -V the same way, so users need not learn which ones do. */
class CommandTreeTest {
  /** Commands that hand their arguments to a benchmark program, which prints its own help. */
  private static final List<String> PASS_THROUGH = List.of("tropic bench", "tropic sparse bench");

  @Test
  void everyCommandPrintsItsHelpAndTheVersion() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    assertThat(commands).hasSizeGreaterThan(15);
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      if (PASS_THROUGH.contains(name) || command.getCommandName().equals("help")) {
        continue;
      }
      assertThat(outputOf(command, "--help")).as(name).contains("Usage: " + name, "-h, --help", "-V, --version");
      assertThat(outputOf(command, "-V")).as(name + " -V").startsWith("tropic ");
    }
  }

  /**
   * README: "each command's --help lists its own" exit codes; sparse, completion, help and sparse bench listed none,
   * and the sparse commands ran the list into their last option without a blank line.
   */
  @Test
  void everyCommandsHelpListsItsExitCodes() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      if (PASS_THROUGH.contains(name)) {
        String usage = ((PassThroughHelp) command.getCommandSpec().userObject()).usage();
        assertThat(usage).as(name).containsPattern("(?s)Exit codes: 0 .*, 1 .*, 2 bad");
      } else {
        assertThat(command.getUsageMessage()).as(name).containsPattern("\\n\\nExit codes:\\n  0 .*\\n(.*\\n)*  2 ");
      }
    }
  }

  /** An option or parameter the help lists with nothing beside it leaves the user to guess what it does. */
  @Test
  void everyOptionAndParameterIsDescribed() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    for (CommandLine command : commands) {
      for (var arg : command.getCommandSpec().args()) {
        String label = arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
        assertThat(String.join(" ", arg.description())).as(command.getCommandSpec().qualifiedName() + " " + label)
            .isNotBlank();
      }
    }
  }

  /**
   * An option with a default says what it is: centrality's --damping (0.85) and --beta (1), spectrum's --steps (300)
   * and the --seed of apsp, centrality and spectrum (1) were described without theirs.
   */
  @Test
  void everyOptionWithADefaultShowsIt() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    List<String> silent = new ArrayList<>();
    for (CommandLine command : commands) {
      for (var option : command.getCommandSpec().options()) {
        boolean flag = option.arity().max() == 0;
        String description = String.join(" ", option.description()).toLowerCase(Locale.ROOT);
        if (option.defaultValue() != null && !flag && !description.contains("default")) {
          silent.add(command.getCommandSpec().qualifiedName() + " " + option.longestName());
        }
      }
    }
    assertThat(silent).isEmpty();
  }

  /**
   * An option is written with the same value label wherever it appears, so that a label says what the value is: the
   * labels had drifted apart (--threads=T and =N, --seed=S and =N, --top=K and =N, --arithmetic=P and =PATH, a count
   * labelled S). Only -o/--output differs, by design: its label names what each command writes (OUT.npy, KG, FILE).
   */
  @Test
  void anOptionHasOneValueLabelEverywhere() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    Map<String, Map<String, List<String>>> labels = new TreeMap<>(); // option name -> label -> commands
    for (CommandLine command : commands) {
      for (var option : command.getCommandSpec().options()) {
        if (option.arity().max() == 0 || option.hidden() || option.longestName().equals("--output")) {
          continue;
        }
        for (String name : option.names()) {
          labels.computeIfAbsent(name, n -> new TreeMap<>())
              .computeIfAbsent(option.paramLabel(), l -> new ArrayList<>())
              .add(command.getCommandSpec().qualifiedName());
        }
      }
    }
    labels.values().removeIf(byLabel -> byLabel.size() == 1);
    assertThat(labels).isEmpty();
  }

  /**
   * Every option and parameter is described in one voice, the majority's: from a capital (or from the first of the
   * values it lists, as "auto, fw, ..."), to a full stop, a default written "default: X" or "Default: X."; kg,
   * discover and validate wrote theirs in lower case, without a full stop, as "(default X)". And a command that
   * succeeded is "done", as the group commands say, where tropic's own list said "success".
   */
  @Test
  void everyDescriptionIsWrittenInOneVoice() {
    Pattern valueList = Pattern.compile("^[a-z0-9][\\w-]*(,| \\()");
    Pattern bareDefault = Pattern.compile("(?i)[(;] ?default [^=]");
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    List<String> off = new ArrayList<>();
    for (CommandLine command : commands) {
      for (var arg : command.getCommandSpec().args()) {
        String text = String.join(" ", arg.description());
        boolean capital = !Character.isLowerCase(text.charAt(0)) || valueList.matcher(text).find();
        if (!capital || !text.endsWith(".") || bareDefault.matcher(text).find()) {
          String label = arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
          off.add(command.getCommandSpec().qualifiedName() + " " + label + ": " + text);
        }
      }
    }
    assertThat(off).isEmpty();
    assertThat(Tropic.commandLine().getUsageMessage()).contains("\n  0   done\n").doesNotContain("success");
  }

  /**
   * --weights is written in lower case in its help and its error, as the READMEs and the completion write it
   * (--weights as_written), where both once listed the constants' names (DEFAULT, AS_WRITTEN, ABSOLUTE, UNIT).
   */
  @Test
  void weightRulesAreNamedAsTheyAreWritten() {
    for (String command : List.of("apsp", "info", "bfs")) {
      String help = outputOf(Tropic.commandLine(), command, "--help");
      assertThat(help).as(command).contains("default, as_written, absolute or").doesNotContain("AS_WRITTEN");
    }
    StringWriter err = new StringWriter();
    CommandLine tropic = Tropic.commandLine();
    tropic.setErr(new PrintWriter(err));
    assertThat(tropic.execute("info", "g.edges", "--weights", "hops")).isEqualTo(2);
    assertThat(err.toString()).contains("expected one of default, as_written, absolute or unit")
        .doesNotContain("AS_WRITTEN");
    for (String written : List.of("as_written", "AS_WRITTEN", "Unit")) { // any case, as picocli's conversion took
      CommandLine.ParseResult parsed = Tropic.commandLine().parseArgs("info", "g.edges", "--weights", written);
      assertThat(parsed.subcommand().<Object>matchedOptionValue("--weights", null))
          .isEqualTo(ReadOptions.Weights.valueOf(written.toUpperCase(Locale.ROOT)));
    }
  }

  /**
   * {@code tropic help A B} prints the help of subcommand B of A, at every depth, as {@code tropic A B --help} does.
   */
  @Test
  void helpNamesACommandAtAnyDepth() {
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    int nested = 0;
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      List<String> path = List.of(name.split(" ")).subList(1, name.split(" ").length);
      if (path.isEmpty() || command.getCommandName().equals("help")) {
        continue;
      }
      nested += path.size() > 1 ? 1 : 0;
      List<String> helpArgs = new ArrayList<>(List.of("help"));
      helpArgs.addAll(path);
      List<String> flagArgs = new ArrayList<>(path);
      flagArgs.add("--help");
      String help = outputOf(Tropic.commandLine(), helpArgs.toArray(String[]::new));
      assertThat(help).as("tropic help " + String.join(" ", path)).containsPattern("(?m)^Usage: " + name + "\\s");
      if (!PASS_THROUGH.contains(name)) { // whose --help is the benchmark program's, not picocli's
        assertThat(help).isEqualTo(outputOf(Tropic.commandLine(), flagArgs.toArray(String[]::new)));
      }
    }
    assertThat(nested).as("subcommands of subcommands (kg build, discover open, ...)").isGreaterThan(5);
  }

  /** {@code tropic help bench} printed a two-line stub; README promises the same as {@code tropic bench --help}. */
  @Test
  void helpOfABenchmarkIsItsProgramsOwnUsage() {
    assertThat(outputOf(Tropic.commandLine(), "help", "bench")).isEqualTo(BenchArgs.USAGE)
        .contains("--parts=LIST", "--jgrapht-max-n=N");
    assertThat(outputOf(Tropic.commandLine(), "help", "sparse", "bench")).isEqualTo(SparseBench.usage())
        .contains("--graphs=LIST", "--no-graphblas");
  }

  @Test
  void helpOfAnUnknownSubcommandSaysWhichCommandLacksIt() {
    StringWriter err = new StringWriter();
    CommandLine tropic = Tropic.commandLine();
    tropic.setOut(new PrintWriter(new StringWriter()));
    tropic.setErr(new PrintWriter(err));
    assertThat(tropic.execute("help", "discover", "nonsense")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown subcommand 'nonsense' of 'tropic discover'");
  }

  /**
   * A line naming a subcommand builds only that one (the others cost start-up time, see Tropic#commandLine(String[]))
   * and prints the same help as the whole tree, at every depth; anything else gets the whole tree.
   */
  @Test
  void aLineNamingASubcommandBuildsOnlyItAndBehavesAsTheWholeTree() {
    CommandLine whole = Tropic.commandLine();
    assertThat(whole.getSubcommands()).hasSizeGreaterThan(10);
    for (String name : whole.getSubcommands().keySet()) {
      CommandLine lazy = Tropic.commandLine(new String[] {name, "--help"});
      if (name.equals("help")) {
        assertThat(lazy.getSubcommands().keySet()).isEqualTo(whole.getSubcommands().keySet());
        continue;
      }
      assertThat(lazy.getSubcommands().keySet()).as(name).containsExactly(name);
      List<CommandLine> lazyTree = new ArrayList<>();
      collect(lazy.getSubcommands().get(name), lazyTree);
      List<CommandLine> wholeTree = new ArrayList<>();
      collect(whole.getSubcommands().get(name), wholeTree);
      assertThat(lazyTree).hasSameSizeAs(wholeTree);
      for (int i = 0; i < lazyTree.size(); i++) {
        assertThat(lazyTree.get(i).getUsageMessage()).as(name).isEqualTo(wholeTree.get(i).getUsageMessage());
      }
    }
    for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"quer", "x"},
        new String[] {"help", "query"})) {
      assertThat(Tropic.commandLine(args).getSubcommands().keySet()).as(String.join(" ", args))
          .isEqualTo(whole.getSubcommands().keySet());
    }
    StringWriter err = new StringWriter();
    CommandLine misspelt = Tropic.commandLine(new String[] {"quer"});
    misspelt.setErr(new PrintWriter(err));
    assertThat(misspelt.execute("quer")).isEqualTo(2);
    assertThat(err.toString()).contains("Did you mean 'tropic query'");
  }

  private static void collect(CommandLine command, List<CommandLine> into) {
    into.add(command);
    for (CommandLine sub : command.getSubcommands().values()) {
      if (!into.contains(sub)) {
        collect(sub, into);
      }
    }
  }

  private static String outputOf(CommandLine command, String... args) {
    StringWriter out = new StringWriter();
    command.setOut(new PrintWriter(out));
    int code = command.execute(args);
    assertThat(code).as(command.getCommandSpec().qualifiedName() + " " + String.join(" ", args)).isZero();
    return out.toString();
  }
}

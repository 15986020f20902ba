package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The completion script, sourced by a real bash and asked what a user's TAB would offer. */
class CompletionCommandTest {
  @TempDir
  static Path dir;
  private static Path script;

  @BeforeAll
  static void writeTheScript() throws IOException {
    TropicRun run = TropicRun.of("completion");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("complete -F _complete_tropic");
    script = Files.writeString(dir.resolve("tropic.bash"), run.out());
  }

  @Test
  void commandsAreCompletedUnderEitherNameOfTheLauncher() throws Exception {
    List<String> all = new ArrayList<>(Tropic.commandLine().getSubcommands().keySet());
    assertThat(offered("tropic", "")).containsAll(all).contains("completion");
    assertThat(offered("./tropic", "ap")).containsExactly("apsp");
    assertThat(offered("tropic", "discover", "o")).containsExactly("open");
    assertThat(offered("tropic", "sparse", "")).contains("convert", "bench");
  }

  /** Values as the help writes them and the parser takes them: 'exact-float', not the constant EXACT_FLOAT. */
  @Test
  void valuesAreOfferedAsDocumented() throws Exception {
    assertThat(offered("tropic", "apsp", "g.edges", "--arithmetic", ""))
        .containsExactly("exact-float", "nonnegative-float", "int32");
    assertThat(offered("tropic", "apsp", "g.edges", "--algorithm", "b")).containsExactly("batched");
    assertThat(offered("tropic", "centrality", "g.edges", "p")).contains("pagerank");
    assertThat(offered("tropic", "query", "r.npy", "")).contains("dist", "path", "nearest");
  }

  /**
   * Bash splits '--weights=u' into '--weights' '=' 'u': the value after '=' was completed as a file or not at all.
   * '--no-header' was never offered, --format offered 'matrix-market' where the help says 'mtx', and options whose
   * label lists their words ('auto|weights|pattern') offered nothing.
   */
  @Test
  void valuesAfterAnEqualsSignAndTheFormsTheHelpNames() throws Exception {
    Files.writeString(dir.resolve("g.edges"), "a b\n");
    assertThat(offered("tropic", "apsp", "--weights", "=", "u")).containsExactly("unit");
    assertThat(offered("tropic", "apsp", "--weights", "=")).containsExactly("default", "as_written", "absolute",
        "unit");
    assertThat(offered("tropic", "apsp", "--weights", "=", "unit", "g")).containsExactly("g.edges");
    assertThat(offered("tropic", "apsp", "--output", "=", "g")).containsExactly("g.edges");
    assertThat(offered("tropic", "apsp", "g.edges", "--no-h")).containsExactly("--no-header");
    assertThat(offered("tropic", "apsp", "--format", "")).containsExactly("mtx", "gr", "sif", "edges", "csv", "tsv");
    assertThat(offered("tropic", "update", "r.npy", "--format", "")).containsExactly("sif", "edges", "csv", "tsv");
    assertThat(offered("tropic", "sparse", "convert", "g.edges", "--values", ""))
        .containsExactly("auto", "weights", "pattern");
  }

  /** 'tropic help' offered nothing; it takes a command's names, the subcommands' after their command. */
  @Test
  void helpCompletesCommandNames() throws Exception {
    assertThat(offered("tropic", "help", "")).contains("apsp", "discover", "sparse");
    assertThat(offered("tropic", "help", "discover", "")).containsExactly("open", "closed", "demo");
    assertThat(offered("tropic", "help", "sparse", "c")).containsExactly("convert");
    assertThat(offered("tropic", "help", "apsp", "")).isEmpty();
  }

  /** Every value the script can offer, for every option of every command, parses as that option's value. */
  @Test
  void everyOfferedValueIsAccepted() {
    CommandLine tree = Tropic.commandLine();
    CompletionCommand.offerValuesAsDocumented(tree);
    List<String> checked = new ArrayList<>();
    check(tree, checked);
    assertThat(checked).hasSizeGreaterThan(20).contains("apsp --arithmetic exact-float");
  }

  private static void check(CommandLine command, List<String> checked) {
    for (ArgSpec arg : command.getCommandSpec().args()) {
      if (!(arg instanceof OptionSpec option) || arg.completionCandidates() == null || option.arity().max() < 1) {
        continue;
      }
      for (String value : arg.completionCandidates()) {
        List<String> line = new ArrayList<>(commandPath(command));
        line.addAll(List.of(option.longestName(), value));
        try {
          Tropic.commandLine().parseArgs(line.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
          assertThat(e.getMessage()).as(String.join(" ", line)).doesNotContain("Invalid value");
        }
        checked.add(String.join(" ", line));
      }
    }
    command.getSubcommands().values().forEach(sub -> check(sub, checked));
  }

  /** The names from the root's first subcommand down to {@code command}. */
  private static List<String> commandPath(CommandLine command) {
    List<String> path = Arrays.asList(command.getCommandSpec().qualifiedName(" ").split(" "));
    return path.subList(1, path.size());
  }

  /** What bash's completion function offers for the words typed so far, the last being the one completed. */
  private static List<String> offered(String... words) throws Exception {
    StringBuilder array = new StringBuilder();
    for (String w : words) {
      array.append(" '").append(w).append('\'');
    }
    String line = String.join(" ", words);
    String program = "source '" + script + "' 2>/dev/null\n"
        + "COMP_WORDS=(" + array + ")\nCOMP_CWORD=" + (words.length - 1) + "\nCOMP_LINE='" + line + "'\n"
        + "COMP_POINT=${#COMP_LINE}\n_complete_tropic 2>/dev/null\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Process bash = new ProcessBuilder("bash", "-c", program).directory(dir.toFile()).start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out.lines().filter(l -> !l.isBlank()).toList();
  }
}

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tropic.bench.sparse.SparseBench;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option a command's {@code --help} lists (not a hidden former name) is named in the README that claims to list
 * them all: the root README for apsp, query, update, info and model, {@code tropic-kg/README.md} ("every option of
 * kg, discover and validate") and the command-line section of {@code tropic-sparse/README.md}. An option added to a
 * command and not to its page is one a user reading the page never learns of. {@code tropic bench} is left out: its
 * README shows runs, not every option, and points to {@code --help}.
 */
class ReadmeOptionsTest {
  /** First word of a command's path under {@code tropic} → the page that documents it. */
  private static final Map<String, String> PAGES = Map.ofEntries(Map.entry("apsp", "README.md"),
      Map.entry("query", "README.md"), Map.entry("update", "README.md"), Map.entry("info", "README.md"),
      Map.entry("model", "README.md"),
      Map.entry("kg", "tropic-kg/README.md"), Map.entry("discover", "tropic-kg/README.md"),
      Map.entry("validate", "tropic-kg/README.md"), Map.entry("bfs", "tropic-sparse/README.md"),
      Map.entry("traverse", "tropic-sparse/README.md"), Map.entry("centrality", "tropic-sparse/README.md"),
      Map.entry("spectrum", "tropic-sparse/README.md"), Map.entry("sparse", "tropic-sparse/README.md"));
  private static final List<String> EVERY_COMMAND_HAS = List.of("-h", "--help", "-V", "--version");
  private static final Pattern USAGE_OPTION = Pattern.compile("(?m)^\\s+(?:-\\w, )?(--[a-z][a-z0-9-]*)");

  @Test
  void everyOptionOfACommandIsNamedOnItsPage() throws IOException {
    List<String> missing = new ArrayList<>();
    List<CommandLine> commands = new ArrayList<>();
    collect(Tropic.commandLine(), commands);
    int checked = 0;
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      String[] path = name.split(" ");
      if (path.length < 2 || !PAGES.containsKey(path[1]) || command.getCommandName().equals("help")) {
        continue;
      }
      String page = page(PAGES.get(path[1]));
      if (name.equals("tropic sparse bench")) { // hands its arguments to SparseBench, whose usage lists its options
        Matcher m = USAGE_OPTION.matcher(SparseBench.usage());
        while (m.find()) {
          checked++;
          if (!EVERY_COMMAND_HAS.contains(m.group(1)) && !names(page, m.group(1))) {
            missing.add(name + " " + m.group(1) + " (" + PAGES.get(path[1]) + ")");
          }
        }
        continue;
      }
      for (OptionSpec option : command.getCommandSpec().options()) {
        List<String> names = List.of(option.names());
        if (EVERY_COMMAND_HAS.containsAll(names) || option.hidden()) { // a former name, kept for scripts
          continue;
        }
        checked++;
        if (names.stream().noneMatch(n -> names(page, n))) {
          missing.add(name + " " + option.longestName() + " (" + PAGES.get(path[1]) + ")");
        }
      }
    }
    assertThat(checked).as("options checked").isGreaterThan(100);
    assertThat(missing).as("options --help lists that their README never names").isEmpty();
  }

  /** Whether the page names the option as a whole word: {@code --apsp} is not named by {@code --apsp-edges}. */
  static boolean names(String page, String option) {
    return Pattern.compile("(?<![\\w-])" + Pattern.quote(option) + "(?![\\w-])").matcher(page).find();
  }

  @Test
  void anOptionIsNamedOnlyAsAWholeWord() {
    assertThat(names("`--apsp-edges KINDS`", "--apsp")).isFalse();
    assertThat(names("with `--apsp`, the stored", "--apsp")).isTrue();
    assertThat(names("[-k K]", "-k")).isTrue();
    assertThat(names("--top-k", "-k")).isFalse();
  }

  /** The page, or for the sparse module only its command-line section, the one that claims to list every option. */
  private static String page(String relative) throws IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    String text = Files.readString(root.resolve(relative), StandardCharsets.UTF_8);
    if (relative.startsWith("tropic-sparse/")) {
      int start = text.indexOf("\n## Command line");
      int end = text.indexOf("\n## ", start + 1);
      assertThat(start).as("the Command line section of " + relative).isPositive();
      return text.substring(start, end < 0 ? text.length() : end);
    }
    return text;
  }

  private static void collect(CommandLine command, List<CommandLine> into) {
    into.add(command);
    for (CommandLine sub : command.getSubcommands().values()) {
      if (!into.contains(sub)) {
        collect(sub, into);
      }
    }
  }
}

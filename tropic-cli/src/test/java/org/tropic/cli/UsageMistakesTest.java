package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A usage mistake is answered with the problem on the first line, the near misses, the usage line of the command
 * that was meant and where its help is, exit 2: not the whole help, which scrolled the problem off the screen.
 */
class UsageMistakesTest {

  @Test
  void aMissingParameterGetsTheUsageLineAndNotTheWholeHelp() {
    TropicRun r = TropicRun.of("apsp");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("Missing required parameter: 'GRAPH'\nUsage: tropic apsp ")
        .endsWith("'tropic apsp --help' describes every option.\n")
        .doesNotContain("Exit codes", "Floyd–Warshall tile size", "\tat ");
  }

  /** The value typed after a misspelt option is its value, not a second unknown option ("'--thread', '3'"). */
  @Test
  void aMisspeltOptionIsNamedWithItsNearMiss() {
    TropicRun r = TropicRun.of("apsp", "g.edges", "--thread", "3");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("Unknown option: '--thread'\nDid you mean '--threads'?\nUsage: tropic apsp ");
    TropicRun two = TropicRun.of("apsp", "g.edges", "--thread", "3", "--sed", "-1");
    assertThat(two.err()).startsWith("Unknown options: '--thread', '--sed'\n");
    TropicRun stray = TropicRun.of("info", "g.edges", "--thread", "3", "--json", "extra");
    assertThat(stray.err()).startsWith("Unknown option: '--thread'; unexpected argument 'extra'\n");
  }

  @Test
  void aBadValueNamesWhatIsAccepted() {
    TropicRun r = TropicRun.of("bfs", "g.edges", "--source", "0", "--order", "rcmm");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines().findFirst().orElseThrow()).contains("--order", "auto, rcm, cache, none", "'rcmm'");
    assertThat(r.err()).contains("Usage: tropic bfs ").doesNotContain("Matrix layout:");
  }

  @Test
  void aMisspeltCommandIsAnUnknownCommandWithItsNearMiss() {
    TropicRun r = TropicRun.of("centrallity");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("Unknown command 'centrallity'.\nDid you mean 'tropic centrality'")
        .endsWith("'tropic --help' lists the commands.\n").doesNotContain("index 0");
  }

  @Test
  void aMisspeltSubcommandIsNamedWithItsCommand() {
    for (String[] args : new String[][] {{"discover", "opne"}, {"help", "discover", "opne"}}) {
      TropicRun r = TropicRun.of(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", args))
          .isEqualTo("""
              Unknown subcommand 'opne' of 'tropic discover'.
              Did you mean 'tropic discover open'?
              'tropic discover --help' lists the commands.
              """);
    }
  }

  @Test
  void helpOfAMisspeltCommandSuggestsTheCommandNotTheHelpOfHelp() {
    TropicRun r = TropicRun.of("help", "centrallity");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("Unknown command 'centrallity'", "Did you mean 'tropic centrality'")
        .doesNotContain("Usage: tropic help");
  }

  @Test
  void anExtraArgumentIsUnexpectedNotUnmatchedAtAnIndex() {
    TropicRun r = TropicRun.of("info", "g.edges", "other.edges");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("Unexpected argument 'other.edges'.\nUsage: tropic info ");
  }

  @Test
  void aNegativeCountIsRefusedWithItsBound() {
    TropicRun r = TropicRun.of("discover", "closed", "--kg", "kg", "-a", "A", "-c", "C", "-k", "-3");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("Invalid value for option '-k': must be at least 1, got -3\n")
        .contains("Usage: tropic discover closed ");
  }

  /** kg, discover, validate and sparse alone printed their usage, exit 2, without a line saying what was wrong. */
  @Test
  void aCommandAloneListsWhatItAccepts() {
    TropicRun r = TropicRun.of();
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("Missing required subcommand", "Commands:", "  apsp ");
    for (String[] command : new String[][] {{"kg"}, {"discover"}, {"validate"}, {"sparse"}}) {
      TropicRun alone = TropicRun.of(command);
      assertThat(alone.exitCode()).as(command[0]).isEqualTo(2);
      assertThat(alone.err()).as(command[0]).startsWith("Missing required subcommand\nUsage: tropic " + command[0])
          .contains("Commands:");
      assertThat(alone.out()).as(command[0]).isEmpty();
    }
  }
}

package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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

  private static void collect(CommandLine command, List<CommandLine> into) {
    into.add(command);
    for (CommandLine sub : command.getSubcommands().values()) {
      if (!into.contains(sub)) {
        collect(sub, into);
      }
    }
  }

  private static String outputOf(CommandLine command, String flag) {
    StringWriter out = new StringWriter();
    command.setOut(new PrintWriter(out));
    int code = command.execute(flag);
    assertThat(code).as(command.getCommandSpec().qualifiedName() + " " + flag).isZero();
    return out.toString();
  }
}

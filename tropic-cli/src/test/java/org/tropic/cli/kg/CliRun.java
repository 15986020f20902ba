package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs a command as the {@code tropic} launcher would, capturing exit code and both streams. */
record CliRun(int exit, String out, String err) {

  static CliRun of(Object command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine line = new CommandLine(command);
    line.setOut(new PrintWriter(out));
    line.setErr(new PrintWriter(err));
    int exit = line.execute(args);
    return new CliRun(exit, out.toString(), err.toString());
  }

  /** The repository's {@code examples} folder, found by walking up from the working directory. */
  static Path examples() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("examples").resolve("PROVENANCE.md"))) {
        return dir.resolve("examples");
      }
    }
    throw new IllegalStateException("no examples/PROVENANCE.md above " + Path.of("").toAbsolutePath());
  }
}

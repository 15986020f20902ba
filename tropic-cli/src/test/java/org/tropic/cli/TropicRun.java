package org.tropic.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One run of the whole {@code tropic} command line as users type it: arguments in, exit code and both streams out. */
record TropicRun(int exitCode, String out, String err) {

  static TropicRun of(String... args) {
    CommandLine cl = Tropic.commandLine(args); // as main builds it: only the subcommand the line names
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new TropicRun(code, out.toString(), err.toString());
  }
}

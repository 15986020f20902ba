package org.tropic.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import org.tropic.apsp.DeviceUnavailableException;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.cli.dist.ModelCommand;
import org.tropic.cli.kg.DiscoverCommand;
import org.tropic.cli.kg.KgCommand;
import org.tropic.cli.kg.ValidateCommand;
import org.tropic.cli.sparse.BfsCommand;
import org.tropic.cli.sparse.CentralityCommand;
import org.tropic.cli.sparse.GraphLoader;
import org.tropic.cli.sparse.SparseCommand;
import org.tropic.cli.sparse.SpectrumCommand;
import org.tropic.cli.sparse.TraverseCommand;
import org.tropic.io.GraphInputException;
import org.tropic.io.GraphReader;
import org.tropic.io.NpyFormatException;
import org.tropic.io.OutputLocationException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tropic} command. Only {@link #main} exits the JVM; every subcommand returns its exit code:
 * 0 success, 1 the work failed (e.g. a negative cycle, an I/O error), 2 bad input or usage.
 */
@Command(name = "tropic", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "All-pairs shortest paths over the tropical (min, +) semiring, for knowledge graphs.",
    subcommands = {ApspCommand.class, QueryCommand.class, InfoCommand.class, KgCommand.class, DiscoverCommand.class,
        ValidateCommand.class, ModelCommand.class, BenchCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:the work failed (negative cycle, I/O error, ...)",
        "2:bad input or usage (unreadable graph, bad option, too big for memory or disk, no GPU for --device gpu)"})
public final class Tropic {
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  private Tropic() {}

  public static void main(String[] args) {
    quietLogging();
    int code;
    try {
      code = commandLine().execute(args);
    } catch (OutOfMemoryError e) {
      // picocli hands exceptions to handle() but lets errors through; the heap is free again once they unwind
      System.err.println("tropic: " + ErrorMessages.outOfMemory(e));
      code = FAILED;
    }
    if (code != 0 && MpirunRank.repeatsRankZero()) {
      MpirunRank.awaitRankZerosReport(10);
    }
    System.exit(code);
  }

  /**
   * Library log records reach a terminal as one short line, and only warnings: the commands print their own plan,
   * progress and summary. A user's own java.util.logging configuration file takes precedence.
   */
  private static void quietLogging() {
    if (System.getProperty("java.util.logging.config.file") != null) {
      return;
    }
    System.setProperty("java.util.logging.SimpleFormatter.format", "tropic: %4$s: %5$s%6$s%n");
    java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
    root.setLevel(java.util.logging.Level.WARNING);
    for (var handler : root.getHandlers()) {
      handler.setLevel(java.util.logging.Level.WARNING);
      handler.setFormatter(new java.util.logging.SimpleFormatter());
    }
  }

  /** The configured command line, for tests that capture its output with setOut/setErr. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Tropic());
    // a large graph file takes seconds to minutes to read: a bar says how far it is
    GraphLoader loader = (file, options) -> GraphReader.load(file, options, ProgressBar.onStandardError());
    cl.addSubcommand(new BfsCommand(loader));
    cl.addSubcommand(new TraverseCommand(loader));
    cl.addSubcommand(new CentralityCommand(loader));
    cl.addSubcommand(new SpectrumCommand(loader));
    cl.addSubcommand(SparseCommand.commandLine(loader));
    cl.addSubcommand(new HelpCommand()); // last in the listing
    cl.setExecutionExceptionHandler(Tropic::handle);
    CommandLine.IParameterExceptionHandler usage = cl.getParameterExceptionHandler();
    cl.setParameterExceptionHandler((e, args) -> MpirunRank.repeatsRankZero()
        ? e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput()
        : usage.handleParseException(TypedOptionName.of(e, args), args));
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    return cl;
  }

  /**
   * Expected failures print one line, not a stack trace; anything else is a bug and shows its trace. A file that is
   * not what it claims to be (a graph, a saved result) is bad input, like a bad option; an I/O error is a failure.
   */
  private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
    Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
    var err = MpirunRank.repeatsRankZero() ? new PrintWriter(Writer.nullWriter()) : cl.getErr();
    String command = cl.getCommandSpec().qualifiedName(" ") + ": ";
    if (cause instanceof GraphInputException || cause instanceof IllegalArgumentException
        || cause instanceof MemoryBudgetException || cause instanceof DeviceUnavailableException
        || cause instanceof java.nio.file.NoSuchFileException || cause instanceof NpyFormatException
        || cause instanceof OutputLocationException) {
      err.println(command + message(cause));
      return BAD_INPUT;
    }
    if (cause instanceof NegativeCycleException || cause instanceof IOException) {
      err.println(command + message(cause));
      return FAILED;
    }
    OutOfMemoryError outOfMemory = ErrorMessages.outOfMemoryBehind(cause);
    if (outOfMemory != null) {
      err.println(command + ErrorMessages.outOfMemory(outOfMemory));
      return FAILED;
    }
    err.println(command + "internal error, please report it:");
    cause.printStackTrace(err);
    return FAILED;
  }

  private static String message(Throwable t) {
    if (t instanceof java.nio.file.NoSuchFileException nsf) {
      return nsf.getReason() == null ? "no such file: " + nsf.getFile() : nsf.getFile() + ": " + nsf.getReason();
    }
    return ErrorMessages.of(t);
  }
}

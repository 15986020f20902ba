package org.tropic.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.tropic.apsp.BlockSizeModel;
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
 * 0 done, 1 the work failed (e.g. a negative cycle, an I/O error), 2 bad input or usage.
 */
@Command(name = "tropic", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "All-pairs shortest paths over the tropical (min, +) semiring, for knowledge graphs.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done", "1:the work failed (negative cycle, I/O error, ...)",
        "2:bad input or usage (unreadable graph, bad option, too big for memory or disk, no GPU for --device gpu)"})
public final class Tropic {
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  private Tropic() {}

  public static void main(String[] args) {
    quietLogging();
    // every command is a fresh JVM: the kernels' rates measured by an earlier one spare this one 1–3 s or more
    CacheFolder.of(System.getenv(), System.getProperty("user.home")).ifPresent(BlockSizeModel::keepCalibrationsIn);
    int code;
    try {
      code = commandLine(args).execute(args);
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

  /** The configured command line with every subcommand, for tests that capture its output with setOut/setErr. */
  public static CommandLine commandLine() {
    return configured(subcommands(null));
  }

  /**
   * The command line that runs {@code args}: where the first argument names a subcommand, only that subcommand is
   * built. Picocli reads every option of every command it is given by reflection, which in a fresh JVM took 0.3–0.6
   * s of a 1–2.5 s start (thirtieth session, docs/performance-log.md); the other commands are never reached from
   * such a line. Anything else (no argument, an option, {@code help}, a misspelt name) gets the whole tree, for the
   * listing and the suggestions.
   */
  static CommandLine commandLine(String[] args) {
    String first = args.length == 0 || args[0].equals("help") ? null : args[0];
    List<Object> only = subcommands(first);
    return configured(only.isEmpty() ? subcommands(null) : only);
  }

  /**
   * The subcommands in the order of the listing; with a name, only the one of that name (none if no command has
   * it). A supplier per command, so that the others are not even constructed.
   */
  private static List<Object> subcommands(String name) {
    // a large graph file takes seconds to minutes to read: a bar says how far it is
    GraphLoader loader = (file, options) -> GraphReader.load(file, options, ProgressBar.onStandardError());
    Map<String, Supplier<Object>> all = new LinkedHashMap<>();
    all.put("apsp", ApspCommand::new);
    all.put("query", QueryCommand::new);
    all.put("update", UpdateCommand::new);
    all.put("info", InfoCommand::new);
    all.put("kg", KgCommand::new);
    all.put("discover", DiscoverCommand::new);
    all.put("validate", ValidateCommand::new);
    all.put("model", ModelCommand::new);
    all.put("bench", BenchCommand::new);
    all.put("bfs", () -> new BfsCommand(loader));
    all.put("traverse", () -> new TraverseCommand(loader));
    all.put("centrality", () -> new CentralityCommand(loader));
    all.put("spectrum", () -> new SpectrumCommand(loader));
    all.put("sparse", () -> SparseCommand.commandLine(loader));
    all.put("completion", CompletionCommand::new);
    all.put("help", HelpCommand::new); // last in the listing
    List<Object> chosen = new ArrayList<>();
    all.forEach((commandName, command) -> {
      if (name == null || name.equals(commandName)) {
        chosen.add(command.get());
      }
    });
    return chosen;
  }

  private static CommandLine configured(List<Object> subcommands) {
    CommandLine cl = new CommandLine(new Tropic());
    subcommands.forEach(cl::addSubcommand);
    cl.setExecutionExceptionHandler(Tropic::handle);
    cl.setParameterExceptionHandler((e, args) -> MpirunRank.repeatsRankZero()
        ? e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput()
        : UsageErrors.handle(TypedOptionName.of(e, args), args));
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

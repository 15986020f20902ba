package org.tropic.cli.kg;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Set;
import org.tropic.apsp.DeviceUnavailableException;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.cli.ErrorMessages;
import org.tropic.io.GraphInputException;
import org.tropic.io.NpyFormatException;
import org.tropic.io.OutputLocationException;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphStore;
import picocli.CommandLine.Model.CommandSpec;

/** What the knowledge-graph commands share: exit codes, error reporting, loading a stored graph. */
final class KgCli {
  /** Done. */
  static final int OK = 0;
  /** The work failed (I/O, an internal error). */
  static final int FAILED = 1;
  /** Bad input or usage. */
  static final int BAD_INPUT = 2;

  /** The exit-code list every command shows in {@code --help}. */
  static final String EXIT_CODES_HEADING = "%nExit codes:%n";

  private KgCli() {}

  /** A command's work; may throw anything, which {@link #run} turns into a message and an exit code. */
  @FunctionalInterface
  interface Work {
    int run() throws Exception;
  }

  /**
   * Runs {@code work}, printing expected errors as one line on the command's error stream: bad input (a malformed
   * or damaged file, a stored result that is not what it claims, a missing file, an invalid option value, a solve
   * too big for memory, refused before it starts) exits 2, as in the core commands; failing I/O, running out of
   * memory or anything unexpected 1.
   */
  static int run(CommandSpec spec, Work work) {
    PrintWriter err = spec.commandLine().getErr();
    String name = "tropic " + spec.qualifiedName(" ").replaceFirst("^\\S+\\s*", "").strip();
    try {
      return work.run();
    } catch (UncheckedIOException e) {
      return e.getCause() instanceof GraphInputException || e.getCause() instanceof NpyFormatException
          ? badInput(err, name, e.getCause()) : ioFailed(err, name, e);
    } catch (GraphInputException | NoSuchFileException | NpyFormatException | OutputLocationException e) {
      return badInput(err, name, e);
    } catch (IllegalArgumentException | IllegalStateException | MemoryBudgetException
        | DeviceUnavailableException e) {
      return badInput(err, name, e);
    } catch (IOException e) {
      return ioFailed(err, name, e);
    } catch (OutOfMemoryError e) {
      // The APSP planner refuses what cannot fit before it starts; this is whatever else outgrew the heap.
      err.println(name + ": " + ErrorMessages.outOfMemory(e));
      return FAILED;
    } catch (Exception e) {
      err.println(name + ": failed: " + e);
      return FAILED;
    } finally {
      err.flush();
      spec.commandLine().getOut().flush();
    }
  }

  private static int badInput(PrintWriter err, String name, Throwable e) {
    err.println(name + ": " + (e instanceof IOException io ? message(io) : e.getMessage()));
    return BAD_INPUT;
  }

  private static int ioFailed(PrintWriter err, String name, Exception e) {
    err.println(name + ": I/O failed: " + ErrorMessages.of(e));
    return FAILED;
  }

  private static String message(IOException e) {
    if (e instanceof NoSuchFileException missing) {
      return missing.getFile() + ": " + (missing.getReason() != null ? missing.getReason() : "no such file");
    }
    return ErrorMessages.of(e);
  }

  /** The stored graph in {@code directory}. */
  static KnowledgeGraph load(Path directory) throws IOException {
    return KnowledgeGraphStore.read(directory);
  }

  /** The stored graph, or the graph as it stood at the end of {@code asOf} (saying so) when a year is given. */
  static KnowledgeGraph load(Path directory, Integer asOf, PrintWriter out) throws IOException {
    KnowledgeGraph graph = load(directory);
    if (asOf != null) {
      int[] years = graph.yearRange();
      graph = graph.asOf(asOf);
      out.println("graph as of " + asOf + ": " + graph.describe() + afterTheEvidence(years, asOf));
    }
    return graph;
  }

  /** A note when the year is past the last one of the evidence: likely a typo, since nothing is cut. */
  private static String afterTheEvidence(int[] years, int asOf) {
    return asOf > years[1] ? " (the evidence dates from " + years[0] + " to " + years[1] + ", so no year is cut"
        + " but evidence of unknown year is left out)" : "";
  }

  /**
   * Refuses, before any work, an output directory that a command would fail to write at its end, or should not
   * replace: see {@link KnowledgeGraphStore#requireReplaceable}.
   */
  static void requireGraphTarget(String option, Path target) throws IOException {
    try {
      KnowledgeGraphStore.requireReplaceable(target);
    } catch (OutputLocationException e) {
      throw new IllegalArgumentException(option + " " + e.getMessage(), e);
    }
  }

  /**
   * Refuses, before any work, an output directory option that names a file, or a missing directory that cannot be
   * created because a folder above it is a file or is not writable (otherwise the work runs, then fails to write).
   */
  static void requireDirectoryOrAbsent(String option, Path target) {
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new IllegalArgumentException(option + " " + target + " is a file, not a directory");
    }
    if (Files.exists(target)) {
      return;
    }
    Path above = target.toAbsolutePath().getParent();
    while (above != null && !Files.exists(above)) {
      above = above.getParent();
    }
    if (above != null && !Files.isDirectory(above)) {
      throw new IllegalArgumentException(option + " " + target + " cannot be created: " + above + " is a file");
    }
    if (above != null && !Files.isWritable(above)) {
      throw new IllegalArgumentException(option + " " + target + " cannot be created: " + above
          + " is not writable");
    }
  }

  /** Edge kinds from a comma-separated option value ({@code all} for every kind). */
  static Set<EdgeKind> kinds(String value) {
    return EdgeKind.parseList(value);
  }
}

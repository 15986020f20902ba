package org.tropic.cli.sparse;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tropic.analytics.Ranked;
import org.tropic.analytics.SparseGraph;
import org.tropic.cli.DisplayWidth;
import org.tropic.cli.ErrorMessages;
import org.tropic.cli.Json;
import picocli.CommandLine.Model.CommandSpec;

/** What every sparse command shares: exit-code mapping, tables and JSON. */
final class CommandSupport {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  private CommandSupport() {}

  @FunctionalInterface
  interface Body {
    int run() throws Exception;
  }

  /** Runs a command body: bad input (file, vertex, option value) exits 2, other failures 1, both with one line. */
  static int run(CommandSpec spec, Body body) {
    PrintWriter err = spec.commandLine().getErr();
    String name = commandName(spec);
    try {
      return body.run();
    } catch (BadInputException | IllegalArgumentException | org.tropic.io.GraphInputException
        | java.nio.file.NoSuchFileException | org.tropic.io.OutputLocationException e) {
      err.println(name + ": " + e.getMessage());
      err.flush();
      return BAD_INPUT;
    } catch (IOException | RuntimeException e) {
      err.println(name + ": " + ErrorMessages.of(e));
      err.flush();
      return FAILED;
    } catch (Exception e) {
      err.println(name + ": " + e);
      err.flush();
      return FAILED;
    }
  }

  /** "tropic sparse convert" under the launcher; a command run on its own is named as if it were. */
  private static String commandName(CommandSpec spec) {
    String qualified = spec.qualifiedName(" ");
    return qualified.startsWith("tropic ") ? qualified : "tropic " + qualified;
  }

  /**
   * The ids of the vertices an option names, each once: a name given twice is a slip, and counting it once would
   * quietly answer another question. {@code what} names the set in the message ("the seeds").
   */
  static int[] vertexSet(SparseGraph g, String option, List<String> names, String what) {
    int[] ids = new int[names.size()];
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < ids.length; i++) {
      try {
        ids[i] = g.vertex(names.get(i));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
      }
      if (!seen.add(ids[i])) {
        throw new IllegalArgumentException(option + " names '" + names.get(i) + "' more than once (" + what
            + " are a set)");
      }
    }
    return ids;
  }

  /**
   * Refuses a directed graph (or one with unequal weights on opposite arcs) where {@code what} needs a symmetric
   * matrix, saying how to read it as undirected: with --undirected, or, for a .bcoo matrix, by converting it so.
   */
  static void requireUndirected(SparseGraph g, Path file, String what) {
    if (!g.symmetric()) {
      boolean matrix = file.getFileName().toString().endsWith(GraphSources.MATRIX_SUFFIX);
      throw new IllegalArgumentException(what + " needs a symmetric matrix (an undirected graph); " + file
          + " is directed or has unequal weights on opposite arcs: "
          + (matrix ? "write it with 'sparse convert --undirected'" : "pass --undirected to read each arc as an edge"));
    }
  }

  static void printJson(PrintWriter out, Object value) throws JsonProcessingException {
    out.println(Json.text(value));
    out.flush();
  }

  /**
   * A plain text table: the second column (names) left-aligned, the others right-aligned; cells measured in terminal
   * columns, so wide characters in names keep the columns aligned.
   */
  static void printTable(PrintWriter out, List<String> header, List<List<String>> rows) {
    int[] width = new int[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = DisplayWidth.of(header.get(c));
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], DisplayWidth.of(row.get(c)));
      }
    }
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < width.length; c++) {
        String cell = row.get(c);
        String pad = " ".repeat(width[c] - DisplayWidth.of(cell));
        line.append(c == 0 ? "" : "  ").append(c == 1 ? cell + pad : pad + cell);
      }
      out.println(line.toString().stripTrailing());
    }
    out.flush();
  }

  static List<List<String>> rankRows(List<Ranked> ranked) {
    List<List<String>> rows = new ArrayList<>();
    int rank = 1;
    for (Ranked r : ranked) {
      rows.add(List.of(Integer.toString(rank++), r.name(), format(r.score())));
    }
    return rows;
  }

  /**
   * The ranking as JSON rows: {@code vertex} is the name --source and --seeds accept (the label, or the id of a graph
   * without labels), {@code index} the vertex's position in the {@code .npy} vectors and the sidecar's labels. It
   * was called {@code id}, which read as something --source would take.
   */
  static List<Map<String, Object>> rankJson(List<Ranked> ranked) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Ranked r : ranked) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("vertex", r.name());
      m.put("index", r.vertex());
      m.put("score", r.score());
      out.add(m);
    }
    return out;
  }

  /**
   * Says on {@code err} that {@code tied} more vertices score as the last of {@code ranked}: a --top cut inside a tie
   * lists some of them, by id, and would otherwise read as if the rest scored less (karate's traverse from 0 for one
   * step: 16 vertices score 1, five were listed).
   */
  static void noteTiesBeyondTop(PrintWriter err, List<Ranked> ranked, long tied) {
    if (tied > 0) {
      Ranked last = ranked.get(ranked.size() - 1);
      err.printf(Locale.ROOT, "note: %,d more %s score %s as rank %d (%s) does; ties are listed by index: raise --top"
          + " to see them%n", tied, tied == 1 ? "vertex" : "vertices", format(last.score()), ranked.size(),
          last.name());
      err.flush();
    }
  }

  static String format(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }

  /**
   * Six significant digits without the trailing zeros {@code %g} pads with: 0.85 rather than 0.850000, and
   * 4.76837e-07 as it is. For parameters and summaries, where a user typed or reads a short number.
   */
  static String formatShort(double v) {
    String s = format(v);
    int exponent = s.indexOf('e');
    String mantissa = exponent < 0 ? s : s.substring(0, exponent);
    if (mantissa.indexOf('.') >= 0) {
      mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return exponent < 0 ? mantissa : mantissa + s.substring(exponent);
  }
}

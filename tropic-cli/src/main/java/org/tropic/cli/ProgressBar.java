package org.tropic.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.tropic.apsp.Progress;
import org.tropic.io.Units;

/**
 * Shows a solve's progress on standard error: a redrawn bar with percentage, rate and ETA on a terminal, or a plain
 * log line every 10% (at most one each 5 s) when output goes to a file or pipe. Quiet for work under a second.
 * Worker threads call {@link #advance}; only one of them draws at a time, the others never wait.
 */
public final class ProgressBar implements Progress {
  private static final long REDRAW_NANOS = 200_000_000L;
  private static final long QUIET_NANOS = 1_000_000_000L;
  private static final int WIDTH = 30;
  /** Where Linux shows what standard error is: a link to the terminal's device, a file, or {@code pipe:[...]}. */
  static final Path STANDARD_ERROR = Path.of("/proc/self/fd/2");

  private final PrintWriter out;
  private final boolean terminal;
  private final AtomicLong done = new AtomicLong();
  private final ReentrantLock drawing = new ReentrantLock();
  private volatile String task = "";
  private volatile long total = 1;
  private volatile long start;
  private long lastDraw;
  private int lastLoggedDecile;
  private boolean drew;

  ProgressBar(PrintWriter out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** A bar on standard error, animated when there is a terminal. */
  public static ProgressBar onStandardError() {
    return on(new PrintWriter(System.err, true));
  }

  /** A bar on a command's error writer, animated when standard error is a terminal. */
  public static ProgressBar on(PrintWriter err) {
    return new ProgressBar(err, standardErrorIsTerminal(STANDARD_ERROR, System.console() != null));
  }

  /**
   * Whether standard error, described by the link {@code fd}, is a terminal. {@code System.console()} alone
   * ({@code console}) looks at standard input and output: {@code tropic apsp ... 2>log} on a terminal had the bar
   * redrawn into the log, a carriage-return line each 0.2 s. Where {@code fd} cannot be read (no /proc), the console
   * decides.
   */
  static boolean standardErrorIsTerminal(Path fd, boolean console) {
    try {
      String target = Files.readSymbolicLink(fd).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return console;
    }
  }

  @Override
  public void begin(String task, long totalWork) {
    this.task = task;
    this.total = Math.max(1, totalWork);
    this.done.set(0);
    this.start = System.nanoTime();
    this.lastDraw = start;
    this.lastLoggedDecile = 0;
    this.drew = false;
  }

  @Override
  public void advance(long work) {
    long now = done.addAndGet(work);
    if (drawing.tryLock()) {
      try {
        long t = System.nanoTime();
        if (t - start >= QUIET_NANOS && t - lastDraw >= REDRAW_NANOS) {
          lastDraw = t;
          draw(now, t);
        }
      } finally {
        drawing.unlock();
      }
    }
  }

  /**
   * Prints {@code text} on a line of its own, as a log line above the bar: on a terminal the bar drawn so far is
   * cleared first and drawn again below it.
   */
  public void note(String text) {
    drawing.lock();
    try {
      eraseLine();
      out.println(text);
      drawAgain();
    } finally {
      drawing.unlock();
    }
  }

  /**
   * A bar for work this one's task waits on (a checkpoint save between pivot iterations), drawn in its place: this
   * bar's line is cleared when that work begins and drawn again below the other's when it ends, so the terminal
   * shows the save moving rather than a solve that stands still.
   */
  public Progress aside() {
    ProgressBar other = new ProgressBar(out, terminal);
    return new Progress() {
      @Override
      public void begin(String task, long totalWork) {
        clearLine();
        other.begin(task, totalWork);
      }

      @Override
      public void advance(long work) {
        other.advance(work);
      }

      @Override
      public void end() {
        other.end();
        redraw();
      }

      @Override
      public void stopped() {
        other.stopped();
        redraw();
      }
    };
  }

  private void clearLine() {
    drawing.lock();
    try {
      eraseLine();
    } finally {
      drawing.unlock();
    }
  }

  private void redraw() {
    drawing.lock();
    try {
      drawAgain();
    } finally {
      drawing.unlock();
    }
  }

  /** On a terminal, overwrites the bar drawn so far with spaces (holding the drawing lock). */
  private void eraseLine() {
    if (terminal && drew) {
      out.print("\r" + " ".repeat(line(done.get(), System.nanoTime()).length()) + "\r");
      out.flush();
    }
  }

  /** On a terminal, draws the bar again where it stood (holding the drawing lock). */
  private void drawAgain() {
    if (terminal && drew) {
      out.print("\r" + line(done.get(), System.nanoTime()));
    }
    out.flush();
  }

  @Override
  public void end() {
    close(false);
  }

  /** Ends the bar where the work stood (a terminal keeps its last fraction, a log says "stopped"), not at 100%. */
  @Override
  public void stopped() {
    close(true);
  }

  private void close(boolean stopped) {
    drawing.lock();
    try {
      if (drew) {
        long t = System.nanoTime();
        long reached = stopped ? Math.min(done.get(), total) : total;
        if (terminal) {
          out.print("\r" + (stopped ? stoppedLine(reached, t) : line(reached, t)) + "\n");
        } else if (stopped) {
          out.printf("%s: stopped after %s at %.0f%%%n", task, Units.duration((t - start) / 1e9),
              100.0 * reached / total);
        } else {
          out.println(task + ": done in " + Units.duration((t - start) / 1e9));
        }
        out.flush();
        drew = false;
      }
    } finally {
      drawing.unlock();
    }
  }

  private void draw(long now, long t) {
    if (terminal) {
      out.print("\r" + line(now, t));
      out.flush();
      drew = true;
      return;
    }
    int decile = (int) (10 * Math.min(now, total) / total);
    if (decile > lastLoggedDecile) {
      lastLoggedDecile = decile;
      out.println(line(now, t));
      out.flush();
      drew = true;
    }
  }

  private String line(long now, long t) {
    double fraction = fraction(now);
    double elapsed = (t - start) / 1e9;
    String eta = fraction > 0 && fraction < 1 ? " ETA " + Units.duration(elapsed * (1 - fraction) / fraction) : "";
    return bar(fraction, elapsed) + eta + "   ";
  }

  /** The bar at the fraction reached, with no ETA: the work will not go on. */
  private String stoppedLine(long reached, long t) {
    return bar(fraction(reached), (t - start) / 1e9) + ", stopped   ";
  }

  private double fraction(long now) {
    return Math.min(1.0, (double) now / total);
  }

  private String bar(double fraction, double elapsed) {
    int filled = (int) Math.round(fraction * WIDTH);
    return String.format("%s [%s%s] %3.0f%% %s", task, "#".repeat(filled), ".".repeat(WIDTH - filled),
        fraction * 100, Units.duration(elapsed));
  }
}

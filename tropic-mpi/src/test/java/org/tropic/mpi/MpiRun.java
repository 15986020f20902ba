package org.tropic.mpi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a Java main class from the test class path as an {@code mpirun} job on this machine and collects what it
 * printed: the multi-rank tests run real processes talking real MPI, like a user's job.
 */
public final class MpiRun {

  /**
   * How a job ended.
   *
   * @param exitCode mpirun's exit status (non-zero if any rank failed or the job was aborted)
   * @param output standard output and error of all ranks and of mpirun, interleaved
   */
  public record Result(int exitCode, String output) {

    /** The lines that contain {@code text}. */
    public List<String> linesContaining(String text) {
      return output.lines().filter(line -> line.contains(text)).toList();
    }
  }

  private MpiRun() {}

  /**
   * Runs {@code main} on {@code ranks} processes (oversubscribing the cores, as root if need be, over shared memory
   * and TCP on localhost) and waits for the job.
   *
   * @throws AssertionError if it does not finish within {@code timeout} (the job is killed first)
   */
  public static Result run(Path mpirun, int ranks, Class<?> main, List<String> arguments, Duration timeout) {
    return run(mpirun, ranks, main, arguments, timeout, "256m");
  }

  /** As {@link #run(Path, int, Class, List, Duration)} with each rank's heap {@code -Xmx} given, e.g. "64m". */
  public static Result run(Path mpirun, int ranks, Class<?> main, List<String> arguments, Duration timeout,
      String heap) {
    List<String> command = command(mpirun, ranks, main, arguments, heap);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
    builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    try {
      Process process = builder.start();
      ByteArrayOutputStream output = new ByteArrayOutputStream();
      Thread reader = Thread.ofPlatform().daemon().start(() -> copy(process.getInputStream(), output));
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        reader.join(2000);
        throw new AssertionError("mpirun -np " + ranks + " " + main.getSimpleName() + " did not finish within "
            + timeout + "; output so far:\n" + output.toString(StandardCharsets.UTF_8));
      }
      reader.join(5000);
      return new Result(process.exitValue(), output.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command.getFirst(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for mpirun", e);
    }
  }

  /**
   * Starts {@code main} as {@link #run} does, without waiting: its output goes to {@code log}, for a test that stops
   * the job part way (the caller waits for it, and kills it if need be).
   */
  public static Process start(Path mpirun, int ranks, Class<?> main, List<String> arguments, Path log)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command(mpirun, ranks, main, arguments, "256m"))
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
    builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    return builder.start();
  }

  private static List<String> command(Path mpirun, int ranks, Class<?> main, List<String> arguments,
      String heap) {
    List<String> command = new ArrayList<>(List.of(mpirun.toString(), "--oversubscribe", "--allow-run-as-root",
        "--bind-to", "none", "--mca", "btl_vader_single_copy_mechanism", "none", "--mca", "mpi_yield_when_idle", "1",
        "-np", Integer.toString(ranks)));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
        "-XX:+UseSerialGC", "-Xmx" + heap, "-Xss1m", "-cp", classPath(), main.getName()));
    command.addAll(arguments);
    return command;
  }

  /** The test class path as Surefire gives it to the test JVM (its manifest-only jar otherwise hides it). */
  private static String classPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
  }

  private static void copy(InputStream in, ByteArrayOutputStream out) {
    byte[] buffer = new byte[8192];
    try (in) {
      int read;
      while ((read = in.read(buffer)) >= 0) {
        synchronized (out) {
          out.write(buffer, 0, read);
        }
      }
    } catch (IOException e) {
      // the job was killed; what was read so far is reported
    }
  }
}

package org.tropic.cli.dist;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.Progress;
import org.tropic.cli.CheckpointFiles;
import org.tropic.cli.MpirunRank;
import org.tropic.dist.DistributedOptions;
import org.tropic.dist.DistributedReport;
import org.tropic.dist.DistributedSolve;
import org.tropic.io.ReadOptions;
import org.tropic.mpi.MpiUnavailableException;

/**
 * The entry the {@code apsp} command calls for {@code --distributed}:
 * {@code mpirun -np 4 tropic apsp GRAPH -o OUT.npy --distributed [--grid 2x2] [--bcast ring|ring2|library]
 * [--no-lookahead] [--checkpoint FILE [--checkpoint-every TIME]]}. Every rank runs it; rank 0 prints the report.
 * A rank that fails aborts the whole job through {@code MPI_Abort} with its message and no result file is left;
 * mpirun then exits 2 for bad input found before the solve (the graph, the grid, the output, the ranks' heaps, a
 * checkpoint of another solve: one rank reports it), 1 for any other failure.
 */
public final class DistributedApsp {

  private DistributedApsp() {}

  /**
   * Runs this rank's part of the job.
   *
   * @return the run's report; the process has finalised MPI
   * @throws MpiUnavailableException if Open MPI is missing or cannot start (nothing ran)
   */
  public static DistributedReport run(Path graph, ReadOptions read, Path out, DistributedOptions options,
      Progress progress) {
    return DistributedSolve.run(graph, read, out, options, progress);
  }

  /**
   * Runs this rank's part and prints rank 0's report: the command's body.
   *
   * @return the exit code: 0 done, 1 MPI unavailable (the message says what to install)
   */
  public static int runAndReport(Path graph, ReadOptions read, Path out, DistributedOptions options,
      Progress progress, PrintWriter stdout, PrintWriter stderr) {
    return runAndReport(graph, read, out, options, progress, null, stdout, stderr);
  }

  /**
   * As {@link #runAndReport(Path, ReadOptions, Path, DistributedOptions, Progress, PrintWriter, PrintWriter)},
   * saving the solve to {@code checkpoint} ({@code null} for none) as {@code --checkpoint} asks.
   */
  public static int runAndReport(Path graph, ReadOptions read, Path out, DistributedOptions options,
      Progress progress, FloydWarshallCheckpoint checkpoint, PrintWriter stdout, PrintWriter stderr) {
    if (System.getenv("OMPI_COMM_WORLD_SIZE") == null) { // Open MPI starts a lone process as a one-rank job
      stderr.println("tropic: --distributed outside mpirun runs on 1 rank; start it with mpirun -np P to use P");
      stderr.flush();
    }
    DistributedReport report;
    // A checkpointed solve's ranks say where the save stands if the job is stopped; without one, rank 0 says that
    // the job was stopped, so its log does not end at a progress line, as a hang's would.
    try (CheckpointFiles.StopNote note = checkpoint == null && MpirunRank.rank() == 0
        ? CheckpointFiles.noteOnStopWithoutCheckpoint("tropic apsp", "--checkpoint", stderr) : () -> {}) {
      report = DistributedSolve.run(graph, read, out, options, progress, checkpoint);
    } catch (MpiUnavailableException e) {
      stderr.println("tropic: " + e.getMessage());
      stderr.flush();
      return 1;
    }
    if (report.rank() == 0) {
      stdout.println(report.summary());
      stdout.println("wrote " + out);
      stdout.flush();
    }
    return 0;
  }
}

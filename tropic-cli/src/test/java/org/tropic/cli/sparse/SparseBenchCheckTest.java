package org.tropic.cli.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.cli.Tropic;
import picocli.CommandLine;

/**
 * {@code tropic sparse bench} checks every product against CSR before it times it. A product that differs is a failed
 * check (exit 1, one line naming the kernel, the graph, the entry and both values), not "internal error, please report
 * it" with a stack trace. The wrong product here is GraphBLAS's: a stand-in for its script (--script, run by
 * /usr/bin/python3 as the real one is) that answers y = 0.
 */
class SparseBenchCheckTest {

  @Test
  void aProductThatDiffersFromCsrIsAFailedCheck(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "no /usr/bin/python3 to run a script");
    Path script = Files.writeString(dir.resolve("wrong_graphblas.py"), """
        import sys
        n = int(sys.argv[sys.argv.index("--n") + 1])
        with open(sys.argv[sys.argv.index("--y-out") + 1], "wb") as y:
            y.write(bytes(4 * n))  # float32 zeros: every product entry wrong
        print("{}")
        """);
    CommandLine tropic = Tropic.commandLine();
    StringWriter err = new StringWriter();
    tropic.setErr(new PrintWriter(err));
    PrintStream before = System.out;
    ByteArrayOutputStream table = new ByteArrayOutputStream();
    System.setOut(new PrintStream(table, true, StandardCharsets.UTF_8)); // the bench prints its progress there
    int code;
    try {
      code = tropic.execute("sparse", "bench", "--data", dir.toString(), "--graphs", "rmat8x4", "--threads", "1",
          "--seconds", "0.01", "--copy-mib", "1", "--script", script.toString());
    } finally {
      System.setOut(before);
    }
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).matches("tropic sparse bench: GraphBLAS plus_times mxv differs from CSR on R-MAT"
        + " scale 8, edge factor 4: y\\[\\d+\\] = 0\\.0, CSR [0-9.E-]+ \\(relative difference [0-9.E-]+, above"
        + " 1\\.0E-4\\)\\n").doesNotContain("internal error", "\tat ");
  }
}

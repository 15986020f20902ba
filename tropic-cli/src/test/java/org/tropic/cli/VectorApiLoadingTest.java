package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that uses no tile kernel does not load the Vector API, which takes 50–100 ms in a fresh JVM: Dijkstra,
 * chosen by the planner for a small graph or named. Each run is a fresh JVM (as every tropic command is) whose
 * class loading is logged; Floyd–Warshall, which does use the kernels, shows that the log would catch it.
 */
class VectorApiLoadingTest {
  private static final String VECTOR_PACKAGE = "jdk.incubator.vector.";

  @TempDir
  Path dir;

  private Path graph() throws IOException {
    return Files.writeString(dir.resolve("small.tsv"), "source\ttarget\tweight\na\tb\t1\nb\tc\t1\nc\td\t2\n"
        + "d\te\t1\ne\ta\t1\na\tc\t5\n");
  }

  /** The classes a fresh JVM loaded running {@code tropic apsp GRAPH --json ARGS}; its JSON's algorithm first. */
  private List<String> loadedBy(String... args) throws IOException, InterruptedException {
    Path log = dir.resolve("classes-" + System.nanoTime() + ".log");
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-XX:-UsePerfData", "--add-modules", "jdk.incubator.vector", "-Xlog:class+load=info:file="
        + log, "-cp", classPath, Tropic.class.getName(), "apsp", graph().toString(), "--json"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
    JsonNode report = new ObjectMapper().readTree(output);
    List<String> loaded = new ArrayList<>();
    loaded.add(report.get("algorithm").asText());
    for (String line : Files.readAllLines(log)) {
      // [0.829s][info][class,load] jdk.incubator.vector.FloatVector source: jrt:/jdk.incubator.vector
      String rest = line.substring(line.lastIndexOf("] ") + 2);
      if (rest.startsWith(VECTOR_PACKAGE)) {
        loaded.add(rest.substring(0, rest.indexOf(' ')));
      }
    }
    return loaded;
  }

  @Test
  void dijkstraChosenForASmallGraphOrNamedLoadsNoVectorClass() throws IOException, InterruptedException {
    // They used to load 61 (the kernels chosen when the planner was made, the batched figures it worked out).
    assertThat(loadedBy()).containsExactly("dijkstra");
    assertThat(loadedBy("--algorithm", "dijkstra")).containsExactly("dijkstra");
  }

  @Test
  void floydWarshallLoadsTheVectorApiItsKernelsUse() throws IOException, InterruptedException {
    List<String> loaded = loadedBy("--algorithm", "fw");
    assertThat(loaded.get(0)).isEqualTo("fw");
    assertThat(loaded).contains(VECTOR_PACKAGE + "FloatVector");
  }
}

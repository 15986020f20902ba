package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No line of the project's markdown runs past 120 characters, the limit the code keeps too: the READMEs had table
 * cells of up to 1,800. The one exception is a table row of a performance log ({@code docs/*-log.md}), a record of
 * a run whose columns cannot always be shortened.
 */
class MarkdownLineLengthTest {
  private static final int LIMIT = 120;

  @Test
  void noMarkdownLineIsLongerThan120Characters() throws IOException, InterruptedException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    assertThat(root.resolve("README.md")).exists();
    List<String> tooLong = new ArrayList<>();
    List<Path> files = markdownFiles(root);
    assertThat(files).as("markdown files found").hasSizeGreaterThan(5);
    for (Path file : files) {
      String relative = root.relativize(file).toString();
      boolean log = relative.startsWith("docs/") && relative.endsWith("-log.md");
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        int length = line.codePointCount(0, line.length());
        if (length > LIMIT && !(log && line.stripLeading().startsWith("|"))) {
          tooLong.add(relative + ":" + (i + 1) + " (" + length + " characters)");
        }
      }
    }
    assertThat(tooLong).isEmpty();
  }

  /**
   * The project's markdown: what git tracks or would (not what it ignores, such as the legal notices in a built GPU
   * bundle's runtime).
   */
  private static List<Path> markdownFiles(Path root) throws IOException, InterruptedException {
    Process git = new ProcessBuilder("git", "ls-files", "--cached", "--others", "--exclude-standard", "--", "*.md")
        .directory(root.toFile()).redirectErrorStream(true).start();
    String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(git.waitFor()).as("git ls-files: %s", out).isZero();
    return out.lines().map(root::resolve).filter(Files::isRegularFile).sorted().toList();
  }
}

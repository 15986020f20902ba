package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No line of the project's markdown runs past 120 characters, the limit the code keeps too: the READMEs had table
 * cells of up to 1,800. The one exception is a table row of a performance log ({@code docs/*-log.md}), a record of
 * a run whose columns cannot always be shortened.
 */
class MarkdownLineLengthTest {
  private static final int LIMIT = 120;

  @Test
  void noMarkdownLineIsLongerThan120Characters() throws IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    assertThat(root.resolve("README.md")).exists();
    List<String> tooLong = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
          .filter(p -> !inIgnoredDirectory(root.relativize(p))).sorted().toList();
    }
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

  /** Build output and version control, which hold copies or no markdown of the project's own. */
  private static boolean inIgnoredDirectory(Path relative) {
    for (Path part : relative) {
      String name = part.toString();
      if (name.equals("target") || name.startsWith(".")) {
        return true;
      }
    }
    return false;
  }
}

package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchGraphsTest {
  @TempDir
  Path emptyData;

  /** Checked before the bench measures anything: a wrong name or a missing file would otherwise fail minutes in. */
  @Test
  void aGraphIsCheckedBeforeItIsLoaded() {
    assertThatThrownBy(() -> BenchGraphs.requireAvailable(emptyData, "as"))
        .hasMessageContaining("graph 'as' needs").hasMessageContaining("as-22july06.edges.gz, which is missing");
    assertThatThrownBy(() -> BenchGraphs.requireAvailable(emptyData, "foo"))
        .hasMessageContaining("unknown graph 'foo'");
    assertThatThrownBy(() -> BenchGraphs.requireAvailable(emptyData, "rmat12y3"))
        .hasMessageContaining("expected rmatSCALE or rmatSCALExEDGEFACTOR");
    assertThatCode(() -> BenchGraphs.requireAvailable(emptyData, "rmat30x2")).doesNotThrowAnyException();
  }
}

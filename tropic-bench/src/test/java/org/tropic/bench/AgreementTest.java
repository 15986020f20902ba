package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.apsp.RowDistanceMatrix;

class AgreementTest {

  @Test
  void closeWithinRelativeToleranceAndInfinityOnlyMatchesInfinity() {
    assertThat(Agreement.close(1000f, 1000.05)).isTrue();
    assertThat(Agreement.close(1000f, 1000.5)).isFalse();
    assertThat(Agreement.close(0f, 5e-5)).isTrue();
    assertThat(Agreement.close(Float.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)).isTrue();
    assertThat(Agreement.close(Float.POSITIVE_INFINITY, 3)).isFalse();
    assertThat(Agreement.close(3f, Double.POSITIVE_INFINITY)).isFalse();
    assertThat(Agreement.close(3f, Double.NaN)).isFalse();
  }

  @Test
  void countsMismatchesAndNamesTheFirst() {
    RowDistanceMatrix d = new RowDistanceMatrix(3, null);
    d.row(0)[1] = 2f;
    d.row(1)[2] = 5f;
    SamplePairs pairs = new SamplePairs(new int[] {0, 0, 1, 2}, new int[] {0, 1, 2, 0});
    Agreement same = Agreement.compare("peer", d, pairs, new double[] {0, 2, 5, Double.POSITIVE_INFINITY});
    assertThat(same.agrees()).isTrue();
    assertThat(same.summary()).isEqualTo("4/4 agree");

    Agreement differ = Agreement.compare("peer", d, pairs, new double[] {0, 3, 5, 1});
    assertThat(differ.agrees()).isFalse();
    assertThat(differ.mismatches()).isEqualTo(2);
    assertThat(differ.firstMismatch()).isEqualTo("d(0,1): tropic 2.0, peer 3.0");
    assertThat(differ.maxRelativeError()).isEqualTo(1.0 / 3);
  }
}

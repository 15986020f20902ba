package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScipyPeerTest {

  /** A --python that does not exist was reported as "Exec failed, error: 13 (Permission denied)". */
  @Test
  void aMissingInterpreterIsNamedAsMissing() {
    List<String> why = new ArrayList<>();
    assertThat(ScipyPeer.find("/no/such/python3", why)).isEmpty();
    assertThat(why).containsExactly("/no/such/python3: no such file");
  }
}

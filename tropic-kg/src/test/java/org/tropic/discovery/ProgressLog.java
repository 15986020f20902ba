package org.tropic.discovery;

import java.util.ArrayList;
import java.util.List;
import org.tropic.apsp.Progress;

/** Progress events as text, the advances between begin and end counted and summed, to check a task's totals. */
final class ProgressLog implements Progress {
  final List<String> events = new ArrayList<>();
  private int advances;
  private long advanced;

  @Override
  public void begin(String task, long totalWork) {
    events.add("begin " + task + " (" + totalWork + ")");
    advances = 0;
    advanced = 0;
  }

  @Override
  public void advance(long work) {
    advances++;
    advanced += work;
  }

  @Override
  public void end() {
    events.add(advances + " advances of " + advanced);
    events.add("end");
  }
}

package org.tropic.apsp;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Records what a solver reports, from any thread. */
final class CountingProgress implements Progress {
  final AtomicInteger begins = new AtomicInteger();
  final AtomicInteger ends = new AtomicInteger();
  final AtomicInteger stops = new AtomicInteger();
  final AtomicLong total = new AtomicLong(-1);
  final AtomicLong done = new AtomicLong();
  volatile String task;

  @Override
  public void begin(String task, long totalWork) {
    this.task = task;
    begins.incrementAndGet();
    total.set(totalWork);
  }

  @Override
  public void advance(long work) {
    done.addAndGet(work);
  }

  @Override
  public void end() {
    ends.incrementAndGet();
  }

  @Override
  public void stopped() {
    stops.incrementAndGet();
  }
}

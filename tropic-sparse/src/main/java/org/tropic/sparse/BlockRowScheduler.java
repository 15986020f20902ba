package org.tropic.sparse;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Hands out block rows to workers through one atomic counter (HPC-KG Algorithm 4): each worker takes the next
 * unclaimed block row until none is left. A block row's part of y belongs to exactly one worker, so the kernels need
 * no locks and no atomics on y. The calling thread works too and then waits for the block rows (not the helpers) to
 * be finished, so a helper that starts late finds nothing to do and calls from inside a busy pool cannot deadlock.
 *
 * <p>Helpers are either the scheduler's own daemon threads ({@link #withOwnHelpers}), which take each new product as
 * soon as it is published, or tasks submitted to a caller's executor. On a small graph a product takes tens of
 * microseconds, as long as parking and waking a thread, so both the caller (waiting for the helpers) and the own
 * helpers (waiting for the next product) spin for {@link #SPIN_NANOS} before they park.
 */
final class BlockRowScheduler {
  /** How long a waiting thread spins before it parks. */
  private static final long SPIN_NANOS = 50_000;

  private final int threads;
  private final ExecutorService pool;
  private final OwnHelpers helpers;

  /** Helpers from {@code pool} (or none: {@code null}), up to {@code threads} workers with the caller. */
  BlockRowScheduler(int threads, ExecutorService pool) {
    this(threads, pool, null);
  }

  private BlockRowScheduler(int threads, ExecutorService pool, OwnHelpers helpers) {
    this.threads = threads;
    this.pool = pool;
    this.helpers = helpers;
  }

  /** {@code threads} workers: the caller and {@code threads - 1} daemon helpers of this scheduler's own. */
  static BlockRowScheduler withOwnHelpers(int threads) {
    return new BlockRowScheduler(threads, null, threads > 1 ? new OwnHelpers(threads - 1) : null);
  }

  int threads() {
    return threads;
  }

  /** Runs {@code body} once for every block row in {@code 0..blockRows-1}, in parallel; rethrows a worker's failure. */
  void forEachBlockRow(int blockRows, IntConsumer body) {
    forEachBlockRow(0, null, blockRows, body);
  }

  /**
   * Runs {@code prepare} for every job in {@code 0..preparations-1}, then {@code body} for every block row, in one
   * round of the workers: a worker that draws a block row before the last preparation is done waits for it. That
   * saves the helpers a second wake-up when a product first needs a pass over x, which on a small graph costs as
   * much as the pass.
   */
  void forEachBlockRow(int preparations, IntConsumer prepare, int blockRows, IntConsumer body) {
    int helping = Math.min(threads, Math.max(preparations, blockRows)) - 1;
    if (helping <= 0 || (pool == null && helpers == null)) {
      for (int i = 0; i < preparations; i++) {
        prepare.accept(i);
      }
      for (int br = 0; br < blockRows; br++) {
        body.accept(br);
      }
      return;
    }
    Job job = new Job(preparations, prepare, blockRows, body);
    if (helpers != null) {
      helpers.publish(job);
    } else {
      for (int i = 0; i < helping; i++) {
        pool.execute(job::work);
      }
    }
    job.work();
    job.awaitRows();
    if (helpers != null) {
      helpers.retire(job);
    }
    if (job.failure.get() != null) {
      throw job.failure.get();
    }
  }

  /**
   * One call's preparations and block rows, shared by the caller and the helpers. The counter hands out items in
   * order, so a worker that draws a block row knows every preparation has been drawn and will finish.
   */
  private static final class Job {
    private static final AtomicLong IDS = new AtomicLong();

    final long id = IDS.incrementAndGet();
    final int preparations;
    final IntConsumer prepare;
    final int items;
    final IntConsumer body;
    final AtomicInteger next = new AtomicInteger();
    final AtomicInteger prepared = new AtomicInteger();
    final CountDownLatch finished;
    final AtomicReference<RuntimeException> failure = new AtomicReference<>();

    Job(int preparations, IntConsumer prepare, int blockRows, IntConsumer body) {
      this.preparations = preparations;
      this.prepare = prepare;
      this.items = preparations + blockRows;
      this.body = body;
      this.finished = new CountDownLatch(items);
    }

    void work() {
      for (int i = next.getAndIncrement(); i < items; i = next.getAndIncrement()) {
        try {
          if (i < preparations) {
            if (failure.get() == null) {
              prepare.accept(i);
            }
          } else {
            awaitPreparations();
            if (failure.get() == null) {
              body.accept(i - preparations);
            }
          }
        } catch (RuntimeException | Error e) {
          failure.compareAndSet(null, e instanceof RuntimeException r ? r : new IllegalStateException(e));
        } finally {
          if (i < preparations) {
            prepared.incrementAndGet();
          }
          finished.countDown();
        }
      }
    }

    /** Spins until the preparations drawn by other workers are done: each is as short as a pass over a block. */
    private void awaitPreparations() {
      while (prepared.get() < preparations) {
        Thread.onSpinWait();
      }
    }

    void awaitRows() {
      long spinEnd = System.nanoTime() + SPIN_NANOS;
      while (finished.getCount() > 0 && System.nanoTime() < spinEnd) {
        Thread.onSpinWait();
      }
      boolean interrupted = false;
      while (true) {
        try {
          finished.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Daemon helpers that watch for the newest job: each works on a job once, then spins for the next one and parks
   * when none comes. The job is dropped once its caller is done, so a finished product's arrays are not kept alive.
   */
  private static final class OwnHelpers {
    private final AtomicReference<Job> current = new AtomicReference<>();
    private final Thread[] threads;

    OwnHelpers(int count) {
      threads = new Thread[count];
      for (int i = 0; i < count; i++) {
        threads[i] = new Thread(this::loop, "tropic-spmv-" + (i + 1));
        threads[i].setDaemon(true);
        threads[i].start();
      }
    }

    void publish(Job job) {
      current.set(job);
      for (Thread t : threads) {
        LockSupport.unpark(t);
      }
    }

    void retire(Job job) {
      current.compareAndSet(job, null);
    }

    private void loop() {
      long done = 0;
      while (true) {
        Job job = current.get();
        if (job != null && job.id != done) {
          done = job.id;
          job.work();
          continue;
        }
        job = null; // a finished product's arrays can go while this thread waits
        long spinEnd = System.nanoTime() + SPIN_NANOS;
        while (isStale(current.get(), done) && System.nanoTime() < spinEnd) {
          Thread.onSpinWait();
        }
        if (isStale(current.get(), done)) {
          LockSupport.park(this);
        }
      }
    }

    private static boolean isStale(Job job, long done) {
      return job == null || job.id == done;
    }
  }
}

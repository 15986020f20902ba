package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

class CalibrationCacheTest {
  private static final Arithmetic PATH = Arithmetic.NONNEGATIVE_FLOAT;

  @TempDir
  Path folder;

  @Test
  void whatOneCommandStoresTheNextReads() {
    new CalibrationCache(folder, "machine A").put(PATH, "multiply", "1.0,2.5", "closure", "3.0");
    CalibrationCache next = new CalibrationCache(folder, "machine A");
    assertThat(next.get(PATH, "multiply")).contains("1.0,2.5");
    assertThat(next.get(PATH, "closure")).contains("3.0");
    assertThat(next.get(Arithmetic.INT32, "multiply")).isEmpty();
  }

  @Test
  void anotherMachinesFileIsNotRead() {
    new CalibrationCache(folder, "machine A").put(PATH, "multiply", "1.0");
    assertThat(new CalibrationCache(folder, "machine B").get(PATH, "multiply")).isEmpty();
  }

  /** Two signatures that land on one file name (a hash collision): the signature inside still tells them apart. */
  @Test
  void aFileOfTheSameNameButAnotherSignatureIsIgnoredAndReplaced() throws Exception {
    CalibrationCache mine = new CalibrationCache(folder, "machine A");
    Files.writeString(mine.file(), "signature=machine Z\nmeasured=" + Instant.now() + "\n"
        + PATH.label() + ".multiply=9.0\n");
    assertThat(mine.get(PATH, "multiply")).isEmpty();
    mine.put(PATH, "multiply", "1.0");
    assertThat(mine.get(PATH, "multiply")).contains("1.0");
  }

  @Test
  void aMeasurementOlderThanAWeekIsMeasuredAgain() throws Exception {
    CalibrationCache cache = new CalibrationCache(folder, "machine A");
    Instant old = Instant.now().minus(CalibrationCache.MAX_AGE).minusSeconds(60);
    Files.writeString(cache.file(), "signature=machine A\nmeasured=" + old.toString().replace(":", "\\:") + "\n"
        + PATH.label() + ".multiply=1.0\n");
    assertThat(cache.get(PATH, "multiply")).isEmpty();
    cache.put(PATH, "multiply", "2.0");
    assertThat(Files.readString(cache.file())).doesNotContain("measured=" + old.toString().replace(":", "\\:"));
    assertThat(cache.get(PATH, "multiply")).contains("2.0");
  }

  /**
   * A file dated ahead (a node whose clock runs fast, or an edited file) was trusted until that date plus a week:
   * measured=2099-01-01 kept its rates for 73 years. Beyond a day ahead of this clock it is measured again.
   */
  @Test
  void aMeasurementDatedInTheFutureIsMeasuredAgain() throws Exception {
    CalibrationCache cache = new CalibrationCache(folder, "machine A");
    Instant ahead = Instant.now().plus(java.time.Duration.ofDays(2));
    Files.writeString(cache.file(), "signature=machine A\nmeasured=" + ahead.toString().replace(":", "\\:")
        + "\n" + PATH.label() + ".multiply=1.0\n");
    assertThat(cache.get(PATH, "multiply")).isEmpty();
    cache.put(PATH, "multiply", "2.0");
    assertThat(cache.get(PATH, "multiply")).contains("2.0");
    Instant skewed = Instant.now().plusSeconds(600); // a clock ten minutes apart is no reason to measure again
    Files.writeString(cache.file(), "signature=machine A\nmeasured=" + skewed.toString().replace(":", "\\:")
        + "\n" + PATH.label() + ".multiply=3.0\n");
    assertThat(cache.get(PATH, "multiply")).contains("3.0");
  }

  @Test
  void aDamagedFileIsIgnoredAndAFolderThatCannotBeWrittenCostsNothingButTheMeasurement() throws Exception {
    CalibrationCache cache = new CalibrationCache(folder, "machine A");
    Files.write(cache.file(), new byte[] {0, (byte) 0xff, '\\', 'u', 'z', 'z'});
    assertThat(cache.get(PATH, "multiply")).isEmpty();
    Path notAFolder = Files.writeString(folder.resolve("a-file"), "x");
    CalibrationCache nowhere = new CalibrationCache(notAFolder, "machine A");
    nowhere.put(PATH, "multiply", "1.0"); // no exception: the next command measures again
    assertThat(nowhere.get(PATH, "multiply")).isEmpty();
  }

  @Test
  void listsOfRatesRoundTripAndMalformedOnesAreRefused() {
    double[] rates = {3.8e10, 5.0117920129607e10, 1e-3};
    assertThat(CalibrationCache.split(CalibrationCache.join(rates), 3)).containsExactly(rates);
    assertThat(CalibrationCache.split("1.0,2.0", 3)).isNull();
    assertThat(CalibrationCache.split("1.0,NaN,2.0", 3)).isNull();
    assertThat(CalibrationCache.split("1.0,-2.0,3.0", 3)).isNull();
    assertThat(CalibrationCache.split("1.0,x,3.0", 3)).isNull();
  }

  /**
   * A second model on the same cache needs no calibration and predicts the first's times to the bit: measured
   * again, rates on a shared machine would differ.
   */
  @Test
  void aModelOnTheCacheOfAnEarlierOneTakesItsMeasurements() throws Exception {
    MinPlusKernels kernels = MinPlusKernels.best();
    CalibrationCache cache = new CalibrationCache(folder, kernels);
    BlockSizeModel first = BlockSizeModel.cached(kernels, cache);
    assertThat(first.calibrated(PATH)).isFalse();
    double predicted = first.predictSeconds(20_000, 2, PATH, 256);
    double efficiency = first.memoryEfficiency(PATH);
    assertThat(Files.readString(cache.file(), StandardCharsets.ISO_8859_1)).contains(PATH.label() + ".multiply=");

    BlockSizeModel second = BlockSizeModel.cached(kernels, new CalibrationCache(folder, kernels));
    assertThat(second.calibrated(PATH)).isTrue();
    assertThat(second.predictSeconds(20_000, 2, PATH, 256)).isEqualTo(predicted);
    assertThat(second.memoryEfficiency(PATH)).isEqualTo(efficiency);
    assertThat(BlockSizeModel.uncalibrated(kernels).calibrated(PATH)).isFalse();
  }

  /**
   * Rates from the cache spare the measurements, not the JIT: a plan that runs the kernels has them compiled first, as
   * a calibration here would have; one that does not leaves them be.
   */
  @Test
  void aPlanOnCachedRatesCompilesTheKernelsOnlyWhenItRunsThem() {
    MinPlusKernels kernels = MinPlusKernels.best();
    BlockSizeModel.cached(kernels, new CalibrationCache(folder, kernels)).predictSeconds(1000, 2, PATH, 256);
    Graph ring = ring(1000);

    BlockSizeModel forBatched = BlockSizeModel.cached(kernels, new CalibrationCache(folder, kernels));
    new Planner(kernels, new ColdStart(), forBatched).plan(ring,
        ApspRequest.defaults().withAlgorithm(Algorithm.BATCHED));
    assertThat(forBatched.warm(PATH)).isFalse();

    BlockSizeModel forFw = BlockSizeModel.cached(kernels, new CalibrationCache(folder, kernels));
    ApspPlan plan = new Planner(kernels, new ColdStart(), forFw).plan(ring,
        ApspRequest.defaults().withAlgorithm(Algorithm.FW));
    assertThat(plan.arithmetic()).isEqualTo(PATH);
    assertThat(forFw.calibrated(PATH)).isTrue();
    assertThat(forFw.warm(PATH)).isTrue();
  }

  private static Graph ring(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v < n; v++) {
      builder.addArc(v, (v + 1) % n, 0.5f + v % 7); // fractional: the float path, not int32
    }
    return builder.build();
  }
}

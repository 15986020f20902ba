package org.tropic.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import org.tropic.io.AtomicFiles;
import org.tropic.semiring.Arithmetic;

/**
 * Prints {@link BenchResults}: aligned tables for people, JSON for machines. The JSON has the same names as the
 * records, arithmetic paths and target verdicts by their labels, and {@code null} where a number was not measured
 * (JSON has no NaN).
 */
public final class BenchReport {
  /** snake_case keys, as every other {@code --json} of the tropic command (README, "The tropic command"). */
  private static final ObjectMapper JSON = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .registerModule(new SimpleModule("tropic-bench")
          .addSerializer(Double.class, new NanAsNull())
          .addSerializer(Double.TYPE, new NanAsNull())
          .addSerializer(String.class, new EmptyAsNull())
          .addSerializer(MemoryUse.class, new MemoryInBytes())
          .addSerializer(Arithmetic.class, new ByLabel<>(Arithmetic::label))
          .addSerializer(TargetCheck.Status.class, new ByLabel<>(TargetCheck.Status::label)));

  private BenchReport() {}

  /** The human-readable report. */
  public static String text(BenchResults r) {
    StringBuilder out = new StringBuilder();
    BenchEnvironment e = r.environment();
    out.append("Tropic bench: kernels ").append(e.kernels()).append(", solver ").append(e.solver()).append('\n');
    out.append("Java ").append(e.java()).append(", ").append(e.os()).append(", ").append(e.cpu()).append(", ")
        .append(e.availableProcessors()).append(" cores, max heap ").append(mib(e.maxHeapBytes())).append(" MiB, ")
        .append(e.startedAt()).append('\n');
    clocks(r, out);
    kernels(r, out);
    floydWarshall(r, out);
    peers(r, out);
    targets(r, out);
    if (!r.notes().isEmpty()) {
      out.append("\nNotes\n");
      for (String note : r.notes()) {
        out.append("- ").append(note).append('\n');
      }
    }
    return out.toString();
  }

  private static void clocks(BenchResults r, StringBuilder out) {
    if (r.clocks().isEmpty()) {
      return;
    }
    MinPlusPeak any = r.peaks().getFirst();
    out.append(String.format(Locale.ROOT, "%nClock and min-plus peak (float %d flop/cycle/core, int %d; 2 flops"
        + " per update)%n", any.floatFlopsPerCycle(), any.intFlopsPerCycle()));
    TextTable t = new TextTable(">threads", ">GHz", ">spread", ">/proc MHz", ">float peak", ">int peak", "probe");
    for (int i = 0; i < r.clocks().size(); i++) {
      ClockMeasurement c = r.clocks().get(i);
      MinPlusPeak p = r.peaks().get(i);
      t.row(Integer.toString(c.threads()), f3(c.ghz().median()), range(c.ghz(), "%.3f"), f1(c.reportedMhz()),
          f1(p.gflops(Arithmetic.EXACT_FLOAT)), f1(p.gflops(Arithmetic.INT32)),
          c.trustworthy() ? "ok" : c.note().startsWith("given") ? "given" : "SUSPECT (see notes)");
    }
    out.append(t.render());
  }

  private static void kernels(BenchResults r, StringBuilder out) {
    if (r.kernels().isEmpty()) {
      return;
    }
    int s = r.kernels().getFirst().size();
    out.append(String.format(Locale.ROOT, "%nKernel multiplyMin: packed %d x %d x %d panels, one C per thread,"
        + " all threads at once%n", s, s, s));
    TextTable t = new TextTable("arithmetic", ">threads", ">GFLOP/s", ">spread", ">peak", "of", ">% peak", "check");
    for (KernelResult k : r.kernels()) {
      t.row(k.arithmetic().label(), Integer.toString(k.threads()), f1(k.gflops().median()),
          range(k.gflops(), "%.1f"), f1(k.peakGflops()), k.peakKind(), pct(k.fractionOfPeak()),
          k.verified() ? "= scalar" : "WRONG: " + k.mismatch());
    }
    out.append(t.render());
    if (r.kernels().stream().anyMatch(k -> k.fractionOfPeak() > 1)) {
      out.append("Above 100%: the peak is the targets' model of a core with two 512-bit vector pipes; a core with"
          + " more (Zen 5 has four) can pass it.\n");
    }
  }

  private static void floydWarshall(BenchResults r, StringBuilder out) {
    if (r.floydWarshall().isEmpty()) {
      return;
    }
    out.append("\nAll pairs end to end (2n^3 flops; memory in units of n^2 x 4 B above the live heap before)\n");
    TextTable t = new TextTable("graph", ">n", "arithmetic", ">threads", ">seconds", ">GFLOP/s", ">kernel",
        ">% kernel", ">heap peak", ">retained", ">RSS peak MiB", "check", "solver");
    for (FwResult f : r.floydWarshall()) {
      MemoryUse m = f.memory();
      t.row(f.graph(), Integer.toString(f.n()), f.arithmetic().label(), Integer.toString(f.threads()),
          f3(f.seconds().median()), f1(f.gflops().median()), f1(f.kernelGflops()), pct(f.fractionOfKernel()),
          m == null ? "-" : f2(m.peakHeapRatio()), m == null ? "-" : f2(m.retainedRatio()),
          m == null || m.peakRssAboveBefore() < 0 ? "-" : Long.toString(mib(m.peakRssAboveBefore())),
          f.check() == null ? f.checkNote() : f.check().summary(), f.solver());
    }
    out.append(t.render());
  }

  private static void peers(BenchResults r, StringBuilder out) {
    if (r.peers().isEmpty()) {
      return;
    }
    out.append("\nPeers on the same graph in the same run (speedup = peer time / Tropic time;"
        + " peers on 1 thread, Tropic on the threads shown)\n");
    TextTable t = new TextTable("graph", ">n", "peer", "Tropic", ">peer s", ">Tropic s", ">threads", ">speedup",
        "agreement");
    for (PeerResult p : r.peers()) {
      t.row(p.graph(), Integer.toString(p.n()), p.peer(), p.tropic(), f3(p.peerSeconds()), f3(p.tropicSeconds()),
          Integer.toString(p.tropicThreads()),
          p.ran() ? String.format(Locale.ROOT, "%.1fx", p.speedup()) : "-",
          p.ran() ? p.agreement().summary() : "skipped: " + p.skipped());
    }
    out.append(t.render());
  }

  private static void targets(BenchResults r, StringBuilder out) {
    if (r.targets().isEmpty()) {
      return;
    }
    out.append("\nTargets\n");
    TextTable t = new TextTable("target", "measured", "status");
    for (TargetCheck c : r.targets()) {
      t.row(c.target(), c.measured(), c.status() == TargetCheck.Status.NOT_MEASURED ? "n/a" : c.status().name());
    }
    out.append(t.render());
  }

  /** The results as indented JSON. */
  public static String json(BenchResults results) {
    try {
      return JSON.writeValueAsString(results);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write benchmark results as JSON", e);
    }
  }

  /** Writes the JSON to {@code file}, whole or not at all. */
  public static void writeJson(BenchResults results, Path file) throws IOException {
    AtomicFiles.write(file, (json(results) + "\n").getBytes(StandardCharsets.UTF_8));
  }


  static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  static String f2(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  static String f3(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  static String pct(double fraction) {
    return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  static String range(Timing t, String format) {
    return t.count() < 2 ? "-" : String.format(Locale.ROOT, format + "-" + format, t.min(), t.max());
  }

  private static long mib(long bytes) {
    return bytes >> 20;
  }

  private static final class NanAsNull extends JsonSerializer<Double> {
    @Override
    public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
      if (value == null || value.isNaN() || value.isInfinite()) {
        gen.writeNull();
      } else {
        gen.writeNumber(value);
      }
    }
  }

  /**
   * A note, mismatch or reason left empty says there is none: {@code null} in JSON, as every other {@code --json} of
   * tropic gives an absent value, so that a script's {@code if r["skipped"] is None} means what it says.
   */
  private static final class EmptyAsNull extends JsonSerializer<String> {
    @Override
    public void serialize(String value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
      if (value.isEmpty()) {
        gen.writeNull();
      } else {
        gen.writeString(value);
      }
    }
  }

  /** {@link MemoryUse} with its unit in every key ({@code _bytes}), and {@code null} for a size not known (-1). */
  private static final class MemoryInBytes extends JsonSerializer<MemoryUse> {
    @Override
    public void serialize(MemoryUse m, JsonGenerator gen, SerializerProvider serializers) throws IOException {
      gen.writeStartObject();
      bytes(gen, "matrix_bytes", m.matrixBytes());
      bytes(gen, "baseline_heap_bytes", m.baselineHeap());
      bytes(gen, "peak_heap_above_baseline_bytes", m.peakHeapAboveBaseline());
      bytes(gen, "retained_heap_bytes", m.retainedHeap());
      bytes(gen, "rss_before_bytes", m.rssBefore());
      bytes(gen, "peak_rss_above_before_bytes", m.peakRssAboveBefore());
      gen.writeEndObject();
    }

    private static void bytes(JsonGenerator gen, String key, long value) throws IOException {
      if (value < 0) {
        gen.writeNullField(key);
      } else {
        gen.writeNumberField(key, value);
      }
    }
  }

  /**
   * An enum value by its label ({@code exact-float}, {@code not-measured}): lower case with hyphens, as every enum
   * value in tropic's JSON is written.
   */
  private static final class ByLabel<T> extends JsonSerializer<T> {
    private final Function<T, String> label;

    ByLabel(Function<T, String> label) {
      this.label = label;
    }

    @Override
    public void serialize(T value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
      gen.writeString(label.apply(value));
    }
  }
}

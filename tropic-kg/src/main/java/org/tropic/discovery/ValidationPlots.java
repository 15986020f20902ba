package org.tropic.discovery;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.tropic.io.AtomicFiles;

/**
 * The validations as pictures (XChart), each written as PNG and SVG: the path-length distributions of true links
 * and random pairs side by side (DSNAPSHOT, SC20 Fig. 8), the ROC curve of −length, and COAST's scenario counts
 * (SC22 Fig. 10). Files are written to a temporary name and renamed, so none is ever half-written. Runs headless.
 */
public final class ValidationPlots {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;
  private static final int BINS = 20;
  private static final int MAX_WHOLE_BINS = 60;

  static {
    // Charts are drawn off-screen, so a DISPLAY without a reachable X server must not stop them; respect a caller
    // who chose otherwise.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private ValidationPlots() {}

  /**
   * Histograms (shares of each set) of the path lengths and of the hop counts, as {@code base-lengths.png/.svg} and
   * {@code base-hops.png/.svg}.
   *
   * @return the files written
   */
  public static List<Path> pathLengths(LinkPredictionEvaluation evaluation, String positivesLabel,
      String negativesLabel, String title, Path base) throws IOException {
    List<Path> written = new ArrayList<>();
    written.addAll(save(histogram(evaluation.positives().lengths(), evaluation.negatives().lengths(), positivesLabel,
        negativesLabel, title + ": shortest-path length", "path length"), sibling(base, "-lengths")));
    written.addAll(save(histogram(evaluation.positives().hopsAsLengths(), evaluation.negatives().hopsAsLengths(),
        positivesLabel, negativesLabel, title + ": edges on the shortest path", "hops"), sibling(base, "-hops")));
    return written;
  }

  /**
   * The ROC curves of −length and −hops, as {@code base-roc.png/.svg}: legends say what ranks first ("-length" read
   * as a list's dash).
   */
  public static List<Path> roc(LinkPredictionEvaluation evaluation, String title, Path base) throws IOException {
    return save(rocChart(evaluation, title), sibling(base, "-roc"));
  }

  /** The chart {@link #roc} saves. */
  static XYChart rocChart(LinkPredictionEvaluation evaluation, String title) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title + ": ROC")
        .xAxisTitle("false positive rate").yAxisTitle("true positive rate").build();
    chart.getStyler().setXAxisMin(0.0).setXAxisMax(1.0).setYAxisMin(0.0).setYAxisMax(1.0);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    // wide under a narrow dashed one: where every curated edge has length 1 the two curves are one, and the
    // second drawn hid the first
    addRoc(chart, String.format(Locale.ROOT, "shorter path first (AUC %.3f)", evaluation.lengthAuc()),
        LinkPredictionEvaluation.negated(evaluation.positives().lengths()),
        LinkPredictionEvaluation.negated(evaluation.negatives().lengths()))
        .setLineWidth(5f);
    addRoc(chart, String.format(Locale.ROOT, "fewer hops first (AUC %.3f)", evaluation.hopsAuc()),
        LinkPredictionEvaluation.negated(evaluation.positives().hopsAsLengths()),
        LinkPredictionEvaluation.negated(evaluation.negatives().hopsAsLengths()))
        .setLineStyle(SeriesLines.DASH_DASH)
        .setLineWidth(2f);
    XYSeries chance = chart.addSeries("chance", new double[] {0, 1}, new double[] {0, 1});
    chance.setMarker(SeriesMarkers.NONE);
    chance.setLineStyle(SeriesLines.DOT_DOT);
    chance.setLineColor(Color.GRAY);
    return chart;
  }

  /** COAST's scenario counts as a bar chart, as {@code base-scenarios.png/.svg}. */
  public static List<Path> scenarios(Map<Scenario, Long> counts, String title, Path base) throws IOException {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("scenario").yAxisTitle("pairs").build();
    chart.getStyler().setLegendVisible(false);
    List<String> labels = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    for (Scenario scenario : Scenario.values()) {
      labels.add(scenario.code());
      values.add(counts.getOrDefault(scenario, 0L));
    }
    chart.addSeries("pairs", labels, values);
    return save(chart, sibling(base, "-scenarios"));
  }

  private static XYSeries addRoc(XYChart chart, String name, double[] positives, double[] negatives) {
    List<RankMetrics.RocPoint> curve = RankMetrics.rocCurve(positives, negatives);
    double[] x = curve.stream().mapToDouble(RankMetrics.RocPoint::falsePositiveRate).toArray();
    double[] y = curve.stream().mapToDouble(RankMetrics.RocPoint::truePositiveRate).toArray();
    XYSeries series = chart.addSeries(name, x, y);
    series.setMarker(SeriesMarkers.NONE);
    return series;
  }

  /**
   * A histogram of both samples' shares with a bin for "no path". Whole-number data (hop counts, and the lengths of
   * a curated graph, whose edges have length 1) gets one bin per value, labelled by it — or, past
   * {@value #MAX_WHOLE_BINS} values, bins of a whole width labelled by their ranges; other data gets {@value #BINS}
   * bins labelled by their centres.
   */
  static CategoryChart histogram(double[] positives, double[] negatives, String positivesLabel,
      String negativesLabel, String title, String axis) {
    double max = 0;
    boolean whole = true;
    for (double[] sample : new double[][] {positives, negatives}) {
      for (double v : sample) {
        if (v < Double.POSITIVE_INFINITY) {
          max = Math.max(max, v);
          whole &= v == Math.rint(v);
        }
      }
    }
    // Whole numbers: bins of a whole width (one value each unless there are too many), labelled by their values.
    int wholeWidth = (int) Math.ceil((max + 1) / MAX_WHOLE_BINS);
    int bins = whole ? (int) Math.ceil((max + 1) / wholeWidth) : BINS;
    double width = whole ? wholeWidth : Math.max(max, 1e-9) / BINS;
    List<String> labels = new ArrayList<>();
    for (int b = 0; b < bins; b++) {
      labels.add(!whole ? String.format(Locale.ROOT, "%.2f", (b + 0.5) * width)
          : wholeWidth == 1 ? Integer.toString(b)
          : b * wholeWidth + "-" + ((b + 1) * wholeWidth - 1));
    }
    labels.add("none");
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(axis)
        .yAxisTitle("share of pairs").build();
    chart.getStyler().setXAxisLabelRotation(whole && wholeWidth == 1 ? 0 : 60);
    chart.addSeries(positivesLabel + " (" + positives.length + ")", labels, shares(positives, bins, width));
    chart.addSeries(negativesLabel + " (" + negatives.length + ")", labels, shares(negatives, bins, width));
    return chart;
  }

  private static List<Double> shares(double[] values, int bins, double width) {
    double[] counts = new double[bins + 1];
    for (double v : values) {
      int bin = v == Double.POSITIVE_INFINITY ? bins : Math.min(bins - 1, (int) (v / width));
      counts[bin]++;
    }
    List<Double> shares = new ArrayList<>();
    for (double count : counts) {
      shares.add(count / values.length);
    }
    return shares;
  }

  private static Path sibling(Path base, String suffix) {
    return base.resolveSibling(base.getFileName() + suffix);
  }

  private static List<Path> save(Chart<?, ?> chart, Path stem) throws IOException {
    Path png = stem.resolveSibling(stem.getFileName() + ".png");
    Path svg = stem.resolveSibling(stem.getFileName() + ".svg");
    AtomicFiles.write(png, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
    ByteArrayOutputStream vector = new ByteArrayOutputStream();
    VectorGraphicsEncoder.saveVectorGraphic(chart, vector, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    AtomicFiles.write(svg, vector.toByteArray());
    return List.of(png, svg);
  }
}

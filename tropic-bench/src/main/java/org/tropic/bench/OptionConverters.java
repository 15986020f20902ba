package org.tropic.bench;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tropic.semiring.Arithmetic;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters that check the benchmarks' option values as they are read; picocli prefixes each message with
 * the option, so a message here names the value and the rule it breaks.
 */
public final class OptionConverters {
  private OptionConverters() {}

  /** A whole number ≥ 1. */
  public static final class PositiveInt implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int n = whole(value);
      if (n < 1) {
        throw new TypeConversionException("must be at least 1, got " + value);
      }
      return n;
    }
  }

  /** A whole number ≥ 0. */
  public static final class NonNegativeInt implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int n = whole(value);
      if (n < 0) {
        throw new TypeConversionException("must not be negative, got " + value);
      }
      return n;
    }
  }

  /** A thread count: 0 (one per processor) up to {@value #MAX_THREADS}. */
  public static final class ThreadCount implements ITypeConverter<Integer> {
    /** Far above any useful count, and below where creating the threads fails with an OutOfMemoryError. */
    public static final int MAX_THREADS = 1024;

    @Override
    public Integer convert(String value) {
      int n = whole(value);
      if (n < 0 || n > MAX_THREADS) {
        throw new TypeConversionException("must be 0 (one per processor) to " + MAX_THREADS + ", got " + value
            + "; this machine has " + Runtime.getRuntime().availableProcessors() + " processors");
      }
      return n;
    }
  }

  /** A finite number > 0. */
  public static final class PositiveReal implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      double x = number(value);
      if (!(x > 0) || Double.isInfinite(x)) {
        throw new TypeConversionException("must be a positive number, got " + value);
      }
      return x;
    }
  }

  /** A relative tolerance: a number in (0, 1); one of 1 or more stops at once and calls it converged. */
  public static final class RelativeTolerance implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      double x = number(value);
      if (!(x > 0 && x < 1)) {
        throw new TypeConversionException("must be a relative tolerance in (0, 1), such as 1e-5, got " + value);
      }
      return x;
    }
  }

  /** A share: a number in (0, 1]. */
  public static final class Share implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      double x = number(value);
      if (!(x > 0 && x <= 1)) {
        throw new TypeConversionException("must be a share in (0, 1], got " + value);
      }
      return x;
    }
  }

  /**
   * A size in bytes: a number with an optional unit, binary for k, m, g, t and KiB, MiB, GiB, TiB as in {@code -Xmx}
   * ({@code 16g} is 16 × 2³⁰), decimal for KB, MB, GB, TB; {@code 8e9} alone is bytes.
   */
  public static final class ByteSize implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile(
        "([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([kmgtKMGT](?:[iI]?[bB])?|[bB])?");

    @Override
    public Long convert(String value) {
      Matcher m = SIZE.matcher(value.strip());
      if (!m.matches()) {
        throw new TypeConversionException("'" + value + "' is not a size: give bytes or a number with a unit, e.g."
            + " 512m, 16g, 16GiB or 8GB");
      }
      double bytes = Double.parseDouble(m.group(1)) * multiplier(m.group(2));
      if (!(bytes >= 1) || bytes >= 0x1p63) {
        throw new TypeConversionException("'" + value + "' is not a size between 1 byte and 8 EiB");
      }
      return (long) bytes;
    }

    private static double multiplier(String unit) {
      if (unit == null || unit.equalsIgnoreCase("b")) {
        return 1;
      }
      int power = "kmgt".indexOf(Character.toLowerCase(unit.charAt(0))) + 1;
      boolean decimal = unit.length() == 2; // KB, MB, GB, TB; "k" and "KiB" are binary
      return Math.pow(decimal ? 1000 : 1024, power);
    }
  }

  private static double number(String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + value + "' is not a number");
    }
  }

  /** An arithmetic path by its label ({@code exact-float}, {@code nonnegative-float}, {@code int32}). */
  public static final class ArithmeticLabel implements ITypeConverter<Arithmetic> {
    @Override
    public Arithmetic convert(String value) {
      return labelled(value, Arithmetic::ofLabel);
    }
  }

  /** {@code auto} (null: the fastest exact path per graph) or an arithmetic label. */
  public static final class ArithmeticOrAuto implements ITypeConverter<Arithmetic> {
    @Override
    public Arithmetic convert(String value) {
      return value.equals("auto") ? null : labelled(value, Arithmetic::ofLabel);
    }
  }

  /** The weights of random graphs by label ({@code real} or {@code integer}). */
  public static final class WeightsLabel implements ITypeConverter<RandomGraphs.Weights> {
    @Override
    public RandomGraphs.Weights convert(String value) {
      return labelled(value, RandomGraphs.Weights::ofLabel);
    }
  }

  /** A benchmark part by label ({@code kernel}, {@code fw}, {@code peers}). */
  public static final class PartLabel implements ITypeConverter<BenchPart> {
    @Override
    public BenchPart convert(String value) {
      return labelled(value, BenchPart::ofLabel);
    }
  }

  static int whole(String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + value + "' is not a whole number");
    }
  }

  /** {@code ofLabel(value)}, its IllegalArgumentException turned into picocli's message for a bad option value. */
  public static <T> T labelled(String value, Function<String, T> ofLabel) {
    try {
      return ofLabel.apply(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}

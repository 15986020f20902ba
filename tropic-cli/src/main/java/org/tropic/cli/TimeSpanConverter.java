package org.tropic.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A time span as people write it: {@code 90s}, {@code 15m}, {@code 2h}, {@code 1.5h}; a bare number is seconds. */
public final class TimeSpanConverter implements ITypeConverter<Duration> {
  private static final Pattern SPAN = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([smh]?)");

  @Override
  public Duration convert(String value) {
    Matcher m = SPAN.matcher(value.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new TypeConversionException("'" + value + "' is not a time span; expected e.g. 90s, 15m or 2h");
    }
    double seconds = Double.parseDouble(m.group(1)) * switch (m.group(2)) {
      case "m" -> 60;
      case "h" -> 3600;
      default -> 1;
    };
    if (seconds > Long.MAX_VALUE / 1e9) {
      throw new TypeConversionException("'" + value + "' is too long a time span");
    }
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }
}

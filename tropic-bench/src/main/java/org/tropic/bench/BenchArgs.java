package org.tropic.bench;

/**
 * Turns {@code tropic bench} command-line options into a {@link BenchConfig}, with picocli reading the options of
 * {@link BenchOptions}. The {@code tropic} command hands its remaining arguments straight over and {@link BenchMain}
 * can run alone, so this entry point takes plain strings.
 */
public final class BenchArgs {
  /** The option summary printed by {@code --help} (picocli's usage text of {@link BenchOptions}). */
  public static final String USAGE = CommandLines.usage(new BenchOptions());

  private BenchArgs() {}

  /**
   * Parses options; {@code --help} is not handled here (see {@link BenchMain}).
   *
   * @throws IllegalArgumentException naming the option and value that are wrong
   */
  public static BenchConfig parse(String... args) {
    BenchOptions options = new BenchOptions();
    CommandLines.parse(options, args);
    return options.toConfig();
  }

  /** Whether the arguments ask for the usage text. */
  public static boolean wantsHelp(String... args) {
    return CommandLines.wantsHelp(args);
  }
}

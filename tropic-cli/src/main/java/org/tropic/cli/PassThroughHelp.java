package org.tropic.cli;

/**
 * A command that hands its arguments to a program with options of its own (the benchmarks): picocli knows none of
 * them, so {@code tropic help A B} prints this usage, the one {@code tropic A B --help} prints, instead of a stub.
 */
public interface PassThroughHelp {
  /** The program's own usage text. */
  String usage();
}

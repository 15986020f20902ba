/**
 * The command-line face of the sparse engine — {@code bfs}, {@code traverse}, {@code centrality}, {@code spectrum}
 * and {@code sparse convert} — as picocli commands that take a graph loader, to be mounted under the {@code tropic}
 * top command. Exit codes: 0 done, 1 the work failed, 2 bad input.
 */
package org.tropic.cli.sparse;

/**
 * Speed measurements of Tropic: the min-plus kernel against the machine's measured min-plus peak, end-to-end
 * Floyd–Warshall against the kernel, and side-by-side runs against SciPy and JGraphT on the same graph. Entry points:
 * {@link org.tropic.bench.BenchRunner} (the {@code tropic bench} command) and the JMH classes in
 * {@code org.tropic.bench.jmh}.
 */
package org.tropic.bench;

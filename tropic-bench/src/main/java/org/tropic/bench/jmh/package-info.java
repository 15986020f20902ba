/**
 * JMH benchmarks of the min-plus kernel per arithmetic path and of end-to-end Floyd–Warshall, reporting GFLOP/s
 * through an auxiliary counter. Run from the shaded jar:
 * {@code java --add-modules jdk.incubator.vector -jar tropic-bench/target/tropic-bench.jar}.
 */
package org.tropic.bench.jmh;

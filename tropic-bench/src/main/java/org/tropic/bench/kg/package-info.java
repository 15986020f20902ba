/** Benchmarks of the knowledge-graph readers: how fast a SemMedDB dump streams into the aggregated counts. */
package org.tropic.bench.kg;

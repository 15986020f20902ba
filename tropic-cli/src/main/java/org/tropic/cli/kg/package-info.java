/**
 * The knowledge-graph commands of {@code tropic}: {@code kg build}, {@code discover open|closed|demo} and
 * {@code validate time|holdout|curated}, each a picocli {@code Callable<Integer>} returning 0 (done), 1 (the work
 * failed) or 2 (bad input or usage).
 */
package org.tropic.cli.kg;

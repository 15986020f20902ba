/**
 * The immutable compressed-sparse-row {@link org.tropic.graph.Graph} every solver consumes, its builder, and the
 * labels that map user vertex names to dense int ids.
 */
package org.tropic.graph;

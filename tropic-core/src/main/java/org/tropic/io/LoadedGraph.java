package org.tropic.io;

import org.tropic.graph.Graph;

/**
 * A graph together with the description of what it was read from.
 *
 * @param graph the graph
 * @param source the input, format and decisions taken while reading
 */
public record LoadedGraph(Graph graph, GraphSource source) {}

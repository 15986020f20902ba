package org.tropic.io;

import org.tropic.graph.DroppedArcs;
import org.tropic.graph.Graph;

/**
 * What a format reader hands back to {@link GraphReader}, which adds the facts about the input itself.
 *
 * @param droppedArcs the self-loops and duplicate arcs of the input that the graph does not hold
 */
record ParsedGraph(Graph graph, String directionReason, ReadOptions.Weights weights, long dataLines,
    DroppedArcs droppedArcs) {

  /** The direction to use: the option if it overrides, else what the file says, with the reason. */
  record Direction(boolean undirected, String reason) {
    static Direction resolve(ReadOptions.Direction option, boolean fileUndirected, String fileReason) {
      return switch (option) {
        case AS_FILE -> new Direction(fileUndirected, fileReason);
        case DIRECTED -> new Direction(false, "option DIRECTED");
        case UNDIRECTED -> new Direction(true, "option UNDIRECTED");
      };
    }
  }
}

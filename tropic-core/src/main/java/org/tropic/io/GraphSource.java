package org.tropic.io;

import org.tropic.graph.DroppedArcs;

/**
 * What was read and how, for reports and result sidecars: which input, in which format, whether arcs were made
 * both ways and why, which weight rule applied, and which arcs the graph does not hold as written.
 *
 * @param name the path or stream name as given
 * @param format the format it was read as
 * @param compression how the bytes were compressed
 * @param undirected whether every edge became arcs both ways
 * @param directionReason why, e.g. {@code "header '# directed=False'"}, {@code "Matrix Market symmetric"},
 *     {@code "option DIRECTED"}, {@code "the default with no direction header; pass --undirected if ..."}
 * @param weights the weight rule applied, {@link ReadOptions.Weights#DEFAULT} resolved to what it means here
 * @param dataLines the number of edge or entry lines read (comments, headers and blank lines excluded)
 * @param weightRounding the weights float32 did not hold as written ({@link WeightRounding#NONE} if none)
 * @param droppedArcs the self-loops dropped and duplicate arcs merged ({@link DroppedArcs#NONE} if none)
 * @param headerRow the line skipped as column names, e.g. {@code line 1 read as a header: src dst cost}, or
 *     {@code null} when none was
 */
public record GraphSource(String name, GraphFormat format, Compression compression, boolean undirected,
    String directionReason, ReadOptions.Weights weights, long dataLines, WeightRounding weightRounding,
    DroppedArcs droppedArcs, String headerRow) {}

package org.tropic.semiring;

/**
 * An operand of {@link MinPlusKernels#multiplyMin(Arithmetic, PackedPanel, PackedPanel, float[], int, int)} copied
 * into the layout its implementation streams fastest. Opaque outside the implementation that packed it; immutable
 * once packed, so a panel can be read by many threads while its source tile is overwritten.
 *
 * @param rows logical rows (m for a left operand, k for a right one)
 * @param cols logical columns (k for a left operand, n for a right one)
 * @param data the packed values, padded with the arithmetic's +∞
 * @param left whether this is a left (A) operand
 */
public record PackedPanel(int rows, int cols, float[] data, boolean left) {}

/**
 * The command line's distributed part: {@link org.tropic.cli.dist.DistributedApsp}, which the {@code apsp} command
 * calls for {@code --distributed} (its flags in {@link org.tropic.cli.dist.DistributedFlags}), and the
 * {@code tropic model} command ({@link org.tropic.cli.dist.ModelCommand}) that predicts and plans distributed runs.
 */
package org.tropic.cli.dist;

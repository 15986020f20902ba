/**
 * Literature-based discovery on a knowledge graph (Swanson's ABC model): closed discovery (the ranked paths from A to
 * C with their evidence), open discovery (the C never linked to A, ranked by path length and the classic LBD
 * measures), and the papers' validations — time-sliced (DSNAPSHOT, SC20 §VI-C), held-out links, and the comparison
 * with a curated graph (COAST, SC22 §VIII) — with their statistics and plots.
 */
package org.tropic.discovery;

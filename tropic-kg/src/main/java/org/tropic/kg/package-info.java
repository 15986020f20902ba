/**
 * The typed literature knowledge graph — concepts and abstracts joined by co-occurrence, occurrence and citation
 * edges weighted as DSNAPSHOT (SC20, §IV-D) and COAST (SC22, appendix) define — with its streaming builders
 * (SemMedDB dumps, citation pairs, triples, co-occurrence tables, a curated graph such as Hetionet), time slices and
 * an on-disk store.
 */
package org.tropic.kg;

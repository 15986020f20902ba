/**
 * Graph partitioning for partitioned APSP: vertex → part assignments, the renumbering that puts each part's boundary
 * vertices first, and METIS ({@code libmetis.so.5}) bound through the Foreign Function &amp; Memory API. This is the
 * only package here that touches {@code java.lang.foreign}; without the library it says plainly what is missing.
 */
package org.tropic.partition;

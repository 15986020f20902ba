package org.tropic.kg;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A small SemMedDB corpus in the dumps' exact schema whose every weight is worked out by hand in the tests: concepts
 * X (C0000001, a name with a comma, quotes and a backslash), Y (piped {@code C1414968|2597}) and Z (an Entrez gene id
 * alone, 7157); abstracts 1 (1986), 2 (1990), 3 (1995, from EDAT), 4 (no year); rows that must be dropped (novelty
 * 0, a generic concept) and malformed ones.
 */
final class SemMedCorpus {
  static final String X = "C0000001";
  static final String X_NAME = "Alpha, \"beta\" \\ gamma";
  static final String Y = "C1414968";
  static final String Z = "7157";
  static final String GENERIC = "C0000005";

  static final String PREDICATION_HEADER = "PREDICATION_ID,SENTENCE_ID,PMID,PREDICATE,SUBJECT_CUI,SUBJECT_NAME,"
      + "SUBJECT_SEMTYPE,SUBJECT_NOVELTY,OBJECT_CUI,OBJECT_NAME,OBJECT_SEMTYPE,OBJECT_NOVELTY,FACT_VALUE,MOD_SCALE,"
      + "MOD_VALUE";

  private SemMedCorpus() {}

  /** The PREDICATION rows; line numbers (without a header): 7 is 14 fields, 9 has a NULL OBJECT_CUI. */
  static SemMedFixture predications() {
    return new SemMedFixture()
        .predication(1, "INTERACTS_WITH", X, X_NAME, "aapp", 1, "C1414968|2597", "FOXP3|FOXP3", "gngm|aapp", 1)
        .predication(1, "INTERACTS_WITH", X, X_NAME, "aapp", 1, "C1414968|2597", "FOXP3|FOXP3", "gngm|aapp", 1)
        .predication(1, "STIMULATES", "C1414968|2597", "FOXP3|FOXP3", "gngm", 1, Z, "TP53", "gngm", 1)
        .predication(2, "TREATS", X, X_NAME, "aapp", 1, Z, "TP53", "gngm", 1)
        .predication(2, "ISA", X, X_NAME, "aapp", 1, "C0000004", "Disease", "dsyn", 0)
        .predication(3, "ISA", X, X_NAME, "aapp", 1, GENERIC, "Pharmaceutical Preparations", "phsu", 1)
        .raw("\"7\",\"1007\",\"3\",\"ISA\",\"C0000001\",\"a\",\"aapp\",1,\"C0000002\",\"b\",\"aapp\",1,\\N,\\N")
        .predication(3, "STIMULATES", "C1414968", "FOXP3", "gngm", 1, Z, "TP53", "gngm", 1)
        .raw("\"9\",\"1009\",\"3\",\"ISA\",\"C0000001\",\"a\",\"aapp\",1,\\N,\"b\",\"aapp\",1,\\N,\\N,\\N");
  }

  /** The CITATIONS rows; row 4 has no year anywhere, row 5 a PMID that is not a number. */
  static SemMedFixture citations() {
    return new SemMedFixture()
        .citation(1, "0000-0001", "1986 Mar", "1986/03/01 00:00", "1986")
        .citation(2, "0000-0002", "1990 Jan 5", "1990/01/05", null)
        .raw("\"3\",\"0000-0003\",\\N,\"1995-02-01\",\\N")
        .citation(4, "0000-0004", "", "", null)
        .raw("\"abc\",\"x\",\"2000\",\"2000\",\"2000\"");
  }

  /** GENERIC_CONCEPT with a header. */
  static SemMedFixture generic() {
    return new SemMedFixture().raw("\"1\",\"" + GENERIC + "\",\"Pharmaceutical Preparations\"");
  }

  /** Citation pairs: a header, a reversed duplicate, a self-citation, a malformed row. */
  static String citationPairs() {
    return "citing\tcited\n1\t2\n1\t3\n3\t4\n2\t1\n5\t5\nx\ty\n";
  }

  /** Reads the whole corpus (citations first, as the years must be known) and returns the graph and reports. */
  static Built build(Path dir, boolean headers) throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    List<ReadReport> reports = new ArrayList<>();
    Path citations = citations().write(dir.resolve("CITATIONS.csv"), headers ? "PMID,ISSN,DP,EDAT,PYEAR" : null);
    reports.add(SemMedDbReader.readCitations(citations, builder, false));
    Path generic = generic().write(dir.resolve("GENERIC_CONCEPT.csv.gz"),
        headers ? "CONCEPT_ID,CUI,PREFERRED_NAME" : null);
    SemMedDbReader.GenericConcepts genericConcepts = SemMedDbReader.readGenericConcepts(generic, false);
    reports.add(genericConcepts.report());
    Path predications = predications().write(dir.resolve(headers ? "PREDICATION.csv" : "PREDICATION.csv.gz"),
        headers ? PREDICATION_HEADER : null);
    reports.add(SemMedDbReader.readPredications(predications, builder,
        SemMedDbReader.Options.defaults().withGenericConcepts(genericConcepts.cuis())));
    Path pairs = dir.resolve("citation-pairs.tsv");
    java.nio.file.Files.writeString(pairs, citationPairs());
    reports.add(LiteratureTableReader.readCitationPairs(pairs, builder, false));
    return new Built(builder.build(), reports, Set.copyOf(genericConcepts.cuis()));
  }

  record Built(KnowledgeGraph graph, List<ReadReport> reports, Set<String> generic) {}
}

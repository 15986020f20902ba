package org.tropic.kg;

import it.unimi.dsi.fastutil.objects.ObjectOpenHashSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import org.tropic.apsp.Progress;
import org.tropic.io.GraphInputException;

/**
 * Streams SemMedDB's MySQL CSV dumps (Kilicoglu et al. 2012; the database DSNAPSHOT and COAST build their graphs
 * from) into a {@link KnowledgeGraphBuilder}, one row at a time in constant memory:
 * <ul>
 *   <li>{@code PREDICATION} — 15 columns: PREDICATION_ID, SENTENCE_ID, PMID, PREDICATE, SUBJECT_CUI, SUBJECT_NAME,
 *       SUBJECT_SEMTYPE, SUBJECT_NOVELTY, OBJECT_CUI, OBJECT_NAME, OBJECT_SEMTYPE, OBJECT_NOVELTY, FACT_VALUE,
 *       MOD_SCALE, MOD_VALUE;</li>
 *   <li>{@code CITATIONS} — PMID, ISSN, DP, EDAT, PYEAR: each abstract's publication year (PYEAR, else the year that
 *       starts DP or EDAT); read it first so predications are dated;</li>
 *   <li>{@code GENERIC_CONCEPT} — CONCEPT_ID, CUI, PREFERRED_NAME: concepts too general to link anything.</li>
 * </ul>
 * Files are comma-separated latin1 with {@code \N} for NULL and {@code \} as escape ({@link DumpCsvParser}), with or
 * without a header line, plain or gzip. A CUI field may list several ids joined by {@code |} (e.g. {@code
 * C1414968|2597}, a CUI and an Entrez gene id): the first is the concept's id, and the name and semantic type are
 * taken the same way; a field holding an Entrez gene id alone keeps it as the id. Rows whose subject or object has
 * novelty 0 are dropped unless asked otherwise (SemMedDB marks generic arguments so), as are rows naming a generic
 * concept. A malformed row is counted and listed in the {@link ReadReport} with its line — or, in strict mode, stops
 * the read with a {@link GraphInputException}.
 */
public final class SemMedDbReader {
  private static final int PREDICATION_FIELDS = 15;
  private static final int PMID = 2;
  private static final int SUBJECT_CUI = 4;
  private static final int SUBJECT_NAME = 5;
  private static final int SUBJECT_SEMTYPE = 6;
  private static final int SUBJECT_NOVELTY = 7;
  private static final int OBJECT_CUI = 8;
  private static final int OBJECT_NAME = 9;
  private static final int OBJECT_SEMTYPE = 10;
  private static final int OBJECT_NOVELTY = 11;
  private static final int CITATION_FIELDS = 5;
  private static final int GENERIC_FIELDS = 3;
  private static final int FIRST_YEAR = 1000;
  private static final int LAST_YEAR = 9999;
  /** What {@link #lookup} answers for a generic concept and for one not seen yet. */
  private static final int GENERIC = -2;
  private static final int NEW = -1;

  private SemMedDbReader() {}

  /**
   * How predications are read.
   *
   * @param keepNoveltyZero keep rows whose subject or object has novelty 0 (dropped by default)
   * @param genericConcepts CUIs whose rows are dropped (from {@link #readGenericConcepts}); may be empty
   * @param strict stop at the first malformed row instead of counting it
   */
  public record Options(boolean keepNoveltyZero, Set<String> genericConcepts, boolean strict) {
    public Options {
      genericConcepts = Collections.unmodifiableSet(Objects.requireNonNull(genericConcepts, "genericConcepts"));
    }

    /** Novelty-0 rows dropped, no generic concepts, malformed rows counted. */
    public static Options defaults() {
      return new Options(false, Set.of(), false);
    }

    public Options withGenericConcepts(Set<String> cuis) {
      return new Options(keepNoveltyZero, cuis, strict);
    }

    public Options withKeepNoveltyZero(boolean keep) {
      return new Options(keep, genericConcepts, strict);
    }

    public Options withStrict(boolean on) {
      return new Options(keepNoveltyZero, genericConcepts, on);
    }
  }

  /**
   * The generic concepts of a GENERIC_CONCEPT dump and how the read went.
   *
   * @param cuis the CUIs listed
   * @param report the read's report
   */
  public record GenericConcepts(Set<String> cuis, ReadReport report) {}

  /**
   * Reads a PREDICATION dump into {@code builder}.
   *
   * @throws GraphInputException in strict mode, at the first malformed row
   * @throws IOException if the file cannot be read
   */
  public static ReadReport readPredications(Path file, KnowledgeGraphBuilder builder, Options options)
      throws IOException {
    return readPredications(file, builder, options, Progress.NONE);
  }

  /**
   * Like {@link #readPredications(Path, KnowledgeGraphBuilder, Options)}, reporting on {@code progress} the bytes
   * of the file read (as stored: compressed bytes for a gzip dump), out of its size: a dump holds tens of millions
   * of rows, and its row count is not known before the end.
   */
  public static ReadReport readPredications(Path file, KnowledgeGraphBuilder builder, Options options,
      Progress progress) throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "PREDICATION");
    ConceptIndex known = new ConceptIndex();
    Set<String> generic = options.genericConcepts();
    eachRow(file, "PREDICATION_ID", tally, progress, rows -> {
      String fault = predicationFault(rows);
      if (fault != null) {
        malformed(file, rows, tally, fault, options.strict(),
            "15 comma-separated fields: PREDICATION_ID, SENTENCE_ID, PMID, PREDICATE, SUBJECT_CUI, SUBJECT_NAME,"
                + " SUBJECT_SEMTYPE, SUBJECT_NOVELTY, OBJECT_CUI, OBJECT_NAME, OBJECT_SEMTYPE, OBJECT_NOVELTY,"
                + " FACT_VALUE, MOD_SCALE, MOD_VALUE");
        return;
      }
      if (!options.keepNoveltyZero() && (isZero(rows, SUBJECT_NOVELTY) || isZero(rows, OBJECT_NOVELTY))) {
        tally.dropped("novelty 0");
        return;
      }
      int subject = lookup(known, rows, SUBJECT_CUI, generic);
      int object = lookup(known, rows, OBJECT_CUI, generic);
      if (subject == GENERIC || object == GENERIC) {
        tally.dropped("generic concept");
        return;
      }
      if (subject == NEW) {
        subject = create(builder, known, rows, SUBJECT_CUI, SUBJECT_NAME, SUBJECT_SEMTYPE);
      } else {
        fillIn(builder, rows, subject, SUBJECT_CUI, SUBJECT_NAME, SUBJECT_SEMTYPE);
      }
      if (object == NEW) {
        object = create(builder, known, rows, OBJECT_CUI, OBJECT_NAME, OBJECT_SEMTYPE);
      } else {
        fillIn(builder, rows, object, OBJECT_CUI, OBJECT_NAME, OBJECT_SEMTYPE);
      }
      builder.predication(subject, object, rows.nonNegativeInt(PMID));
      tally.accepted();
    });
    return tally.report();
  }

  /**
   * The concept of the CUI field found by its bytes: its id, {@link #GENERIC}, or {@link #NEW} if not seen yet.
   */
  private static int lookup(ConceptIndex known, DumpCsvParser rows, int cuiField, Set<String> generic) {
    int c = known.find(rows.bytes(), rows.start(cuiField), rows.endOfFirst(cuiField));
    if (c == -1 && !generic.isEmpty() && generic.contains(rows.firstOfList(cuiField))) {
      known.put(rows.bytes(), rows.start(cuiField), rows.endOfFirst(cuiField), GENERIC);
      return GENERIC;
    }
    return c == -1 ? NEW : c;
  }

  /** Creates (or finds, if another input named it) the concept of the CUI field and indexes it. */
  private static int create(KnowledgeGraphBuilder builder, ConceptIndex known, DumpCsvParser rows, int cuiField,
      int nameField, int typeField) {
    int seen = known.find(rows.bytes(), rows.start(cuiField), rows.endOfFirst(cuiField));
    if (seen >= 0) {
      // the subject of this very row (X ISA X): its object fields may hold what the subject's left NULL
      fillIn(builder, rows, seen, cuiField, nameField, typeField);
      return seen;
    }
    int c = builder.concept(rows.firstOfList(cuiField), emptyToNull(rows.firstOfList(nameField)),
        emptyToNull(rows.firstOfList(typeField)));
    known.put(rows.bytes(), rows.start(cuiField), rows.endOfFirst(cuiField), c);
    return c;
  }

  /**
   * Gives a known concept the name or type its first row left NULL, as the builder does for other inputs; a concept
   * that has both (nearly all, after their first row) costs one check.
   */
  private static void fillIn(KnowledgeGraphBuilder builder, DumpCsvParser rows, int concept, int cuiField,
      int nameField, int typeField) {
    if (builder.lacksNameOrType(concept)) {
      builder.concept(rows.firstOfList(cuiField), emptyToNull(rows.firstOfList(nameField)),
          emptyToNull(rows.firstOfList(typeField)));
    }
  }

  private static String emptyToNull(String text) {
    return text == null || text.isEmpty() ? null : text;
  }

  /** Why the current PREDICATION row cannot be used, or {@code null}. */
  private static String predicationFault(DumpCsvParser rows) {
    if (rows.problem() != null) {
      return rows.problem();
    }
    if (rows.fieldCount() != PREDICATION_FIELDS) {
      return rows.fieldCount() + " fields where PREDICATION has " + PREDICATION_FIELDS;
    }
    if (rows.nonNegativeInt(PMID) <= 0) {
      return "PMID " + quote(rows, PMID) + " is not a positive whole number";
    }
    for (int field : new int[] {SUBJECT_CUI, OBJECT_CUI}) {
      if (rows.isNull(field) || rows.firstOfList(field).isBlank()) {
        return (field == SUBJECT_CUI ? "SUBJECT_CUI" : "OBJECT_CUI") + " is empty";
      }
    }
    for (int field : new int[] {SUBJECT_NOVELTY, OBJECT_NOVELTY}) {
      if (!rows.isNull(field) && rows.nonNegativeInt(field) != 0 && rows.nonNegativeInt(field) != 1) {
        return (field == SUBJECT_NOVELTY ? "SUBJECT_NOVELTY " : "OBJECT_NOVELTY ") + quote(rows, field)
            + " is not 0 or 1";
      }
    }
    return null;
  }

  /** Novelty 0; NULL novelty counts as not flagged. */
  private static boolean isZero(DumpCsvParser rows, int field) {
    return rows.nonNegativeInt(field) == 0;
  }

  private static String quote(DumpCsvParser rows, int field) {
    return rows.isNull(field) ? "NULL" : "'" + rows.text(field) + "'";
  }

  /**
   * Reads a CITATIONS dump: each PMID's publication year into {@code builder}.
   *
   * @param strict stop at the first malformed row instead of counting it
   */
  public static ReadReport readCitations(Path file, KnowledgeGraphBuilder builder, boolean strict)
      throws IOException {
    return readCitations(file, builder, strict, Progress.NONE);
  }

  /** Like {@link #readCitations(Path, KnowledgeGraphBuilder, boolean)}, reporting the bytes read as predications do. */
  public static ReadReport readCitations(Path file, KnowledgeGraphBuilder builder, boolean strict, Progress progress)
      throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "CITATIONS");
    eachRow(file, "PMID", tally, progress, rows -> {
      String expected = "5 comma-separated fields: PMID, ISSN, DP, EDAT, PYEAR";
      if (rows.problem() != null || rows.fieldCount() != CITATION_FIELDS) {
        malformed(file, rows, tally, rows.problem() != null ? rows.problem()
            : rows.fieldCount() + " fields where CITATIONS has " + CITATION_FIELDS, strict, expected);
        return;
      }
      int pmid = rows.nonNegativeInt(0);
      if (pmid <= 0) {
        malformed(file, rows, tally, "PMID " + quote(rows, 0) + " is not a positive whole number", strict,
            expected);
        return;
      }
      int year = citationYear(rows);
      if (year < 0) {
        malformed(file, rows, tally, "no year in PYEAR, DP or EDAT", strict, expected);
        return;
      }
      builder.publicationYear(pmid, year);
      tally.accepted();
    });
    return tally.report();
  }

  private static int citationYear(DumpCsvParser rows) {
    for (int year : new int[] {rows.nonNegativeInt(4), rows.leadingYear(2), rows.leadingYear(3)}) {
      if (year >= FIRST_YEAR && year <= LAST_YEAR) {
        return year;
      }
    }
    return -1;
  }

  /** Reads a GENERIC_CONCEPT dump: the CUIs to leave out of the graph. */
  public static GenericConcepts readGenericConcepts(Path file, boolean strict) throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "GENERIC_CONCEPT");
    Set<String> cuis = new ObjectOpenHashSet<>();
    eachRow(file, "CONCEPT_ID", tally, Progress.NONE, rows -> {
      if (rows.problem() != null || rows.fieldCount() != GENERIC_FIELDS || rows.isNull(1) || rows.isEmpty(1)) {
        malformed(file, rows, tally, rows.problem() != null ? rows.problem()
            : rows.fieldCount() != GENERIC_FIELDS ? rows.fieldCount() + " fields where GENERIC_CONCEPT has "
                + GENERIC_FIELDS : "CUI is empty", strict, "3 comma-separated fields: CONCEPT_ID, CUI,"
                + " PREFERRED_NAME");
        return;
      }
      cuis.add(rows.firstOfList(1));
      tally.accepted();
    });
    return new GenericConcepts(cuis, tally.report());
  }

  /** What a reader does with one data row of a dump. */
  @FunctionalInterface
  private interface RowReader {
    void read(DumpCsvParser rows) throws IOException;
  }

  /**
   * Hands each data row of the dump {@code file} to {@code reader}, counted in {@code tally}: the dumps come with or
   * without their header row, so a first row whose first field is {@code header} (in any case) is passed over.
   * {@code progress} is told the bytes read as stored (compressed bytes for a gzip dump), out of the file's size.
   */
  private static void eachRow(Path file, String header, ReadReport.Tally tally, Progress progress, RowReader reader)
      throws IOException {
    progress.begin("reading " + file.getFileName(), Files.isRegularFile(file) ? Files.size(file) : 0);
    try (DumpCsvParser rows = new DumpCsvParser(InputFiles.open(file, progress::advance), ',')) {
      boolean first = true;
      while (rows.next()) {
        if (first && rows.equalsIgnoreCase(0, header)) {
          first = false;
          continue;
        }
        first = false;
        tally.row();
        reader.read(rows);
      }
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  private static void malformed(Path file, DumpCsvParser rows, ReadReport.Tally tally, String reason, boolean strict,
      String expected) throws GraphInputException {
    if (strict) {
      throw new GraphInputException(file.toString(), rows.line(), reason, rows.rowText(), expected);
    }
    tally.malformed(rows.line(), reason, rows.rowText());
  }
}

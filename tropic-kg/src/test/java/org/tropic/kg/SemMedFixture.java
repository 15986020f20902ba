package org.tropic.kg;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes SemMedDB dump fixtures in the exact schema and encoding of the real files: latin1, comma-separated, fields
 * quoted, {@code \N} for NULL, {@code \} as escape.
 */
final class SemMedFixture {
  private final List<String> rows = new ArrayList<>();
  private long nextId = 1;

  /** A PREDICATION row, every field as the dump would hold it. */
  SemMedFixture predication(int pmid, String predicate, String subjectCui, String subjectName, String subjectType,
      int subjectNovelty, String objectCui, String objectName, String objectType, int objectNovelty) {
    long id = nextId++;
    rows.add(String.join(",", quote(Long.toString(id)), quote(Long.toString(1000 + id)), quote(Integer.toString(pmid)),
        quote(predicate), quote(subjectCui), quote(subjectName), quote(subjectType),
        Integer.toString(subjectNovelty), quote(objectCui), quote(objectName), quote(objectType),
        Integer.toString(objectNovelty), "\\N", "\\N", "\\N"));
    return this;
  }

  /** A predication between two concepts that are each their own name and of type {@code type}. */
  SemMedFixture predication(int pmid, String subjectCui, String objectCui, String type) {
    return predication(pmid, "ASSOCIATED_WITH", subjectCui, subjectCui, type, 1, objectCui, objectCui, type, 1);
  }

  /** A raw line, as given. */
  SemMedFixture raw(String line) {
    rows.add(line);
    return this;
  }

  /** A CITATIONS row. */
  SemMedFixture citation(int pmid, String issn, String dp, String edat, String pyear) {
    rows.add(String.join(",", quote(Integer.toString(pmid)), quote(issn), quote(dp), quote(edat),
        pyear == null ? "\\N" : quote(pyear)));
    return this;
  }

  /** The value in MySQL dump form: quoted, with quote and backslash escaped. */
  static String quote(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  List<String> rows() {
    return rows;
  }

  /** Writes the rows (and an optional header line) as latin1, gzipped if the name ends in .gz. */
  Path write(Path file, String header) throws IOException {
    StringBuilder text = new StringBuilder();
    if (header != null) {
      text.append(header).append('\n');
    }
    for (String row : rows) {
      text.append(row).append('\n');
    }
    byte[] bytes = text.toString().getBytes(StandardCharsets.ISO_8859_1);
    try (OutputStream out = file.toString().endsWith(".gz")
        ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
      out.write(bytes);
    }
    return file;
  }
}

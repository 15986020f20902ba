package org.tropic.io;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipException;
import org.tukaani.xz.XZIOException;

/**
 * The graph file formats Tropic reads, and how a file's format is told: by its first lines where they say it,
 * whatever the name (a {@code %%MatrixMarket} banner means Matrix Market; {@code c} comment lines followed by a
 * {@code p sp n m} / {@code p tw n m} line mean DIMACS); otherwise by its extension (after a {@code .gz} or
 * {@code .xz} suffix is set aside), {@code .txt} being a whitespace edge list.
 */
public enum GraphFormat {
  /** Matrix Market {@code coordinate} matrices ({@code .mtx}): entry (i, j) is the arc i−1 → j−1. */
  MATRIX_MARKET("Matrix Market", "mtx"),
  /** DIMACS shortest-path {@code .gr} ({@code p sp n m}, {@code a u v w}) and PACE ({@code p tw n m}, {@code u v}). */
  DIMACS("DIMACS graph", "gr"),
  /** Simple Interaction Format ({@code .sif}): {@code source relation target...}, tab or whitespace separated. */
  SIF("Simple Interaction Format", "sif"),
  /** {@code source target [weight]} separated by spaces or tabs ({@code .edges}, SNAP {@code .txt}, {@code .el}). */
  EDGE_LIST("whitespace-separated edge list", "edges", "txt", "el", "edgelist"),
  /** {@code source,target[,weight]} with RFC 4180 quoting ({@code .csv}). */
  CSV("comma-separated edge list", "csv"),
  /** {@code source<TAB>target[<TAB>weight]}; names may contain spaces ({@code .tsv}). */
  TSV("tab-separated edge list", "tsv");

  /** How much decompressed content detection looks at. */
  static final int SNIFF_BYTES = 1 << 16;
  /** The UTF-8 byte order mark as ISO-8859-1 text, the way {@link #byContent} sees the bytes. */
  private static final String UTF8_BOM = "\u00ef\u00bb\u00bf";

  private final String description;
  private final List<String> extensions;

  GraphFormat(String description, String... extensions) {
    this.description = description;
    this.extensions = List.of(extensions);
  }

  /** A short human description, e.g. "Matrix Market". */
  public String description() {
    return description;
  }

  /**
   * The name {@code --format} takes for this format, its first extension ({@code mtx}, {@code edges}): what
   * {@code --json} output gives, so that a script can pass it back.
   */
  public String optionName() {
    return extensions.get(0);
  }

  /** The extensions (without dot, lower case) that select this format; each may be followed by .gz or .xz. */
  public List<String> extensions() {
    return extensions;
  }

  /**
   * The format named by a user: the constant's name in any case ({@code matrix_market}, {@code edge-list}) or one of
   * its extensions ({@code mtx}, {@code gr}, {@code csv}).
   *
   * @throws IllegalArgumentException listing the accepted names if there is no such format
   */
  public static GraphFormat fromName(String name) {
    String key = name.strip().toLowerCase(Locale.ROOT).replace('-', '_');
    if (key.startsWith(".")) {
      key = key.substring(1);
    }
    for (GraphFormat format : values()) {
      if (format.name().toLowerCase(Locale.ROOT).equals(key) || format.extensions.contains(key)) {
        return format;
      }
    }
    throw new IllegalArgumentException("unknown graph format '" + name + "'; use one of " + acceptedNames());
  }

  /**
   * The format of the file at {@code path}, from its extension and its first lines (decompressed if it is gzip or
   * xz), as the class comment says.
   *
   * @throws GraphInputException if neither the name nor the content says what the file is
   */
  public static GraphFormat detect(Path path) throws IOException {
    Compression.refuseUnsupported(path.toString(), path.getFileName().toString());
    try (BufferedInputStream raw = new BufferedInputStream(Files.newInputStream(path), SNIFF_BYTES)) {
      Compression compression = Compression.sniff(raw);
      byte[] head;
      try {
        InputStream content = compression.decompress(raw, path.toString());
        head = content.readNBytes(SNIFF_BYTES);
      } catch (ZipException | EOFException | XZIOException e) {
        throw new GraphInputException(path.toString(), 0, "corrupt or truncated " + compression + " data",
            e.getMessage(), "a complete " + compression.suffix() + " file");
      }
      return detect(path.toString(), head);
    }
  }

  /** The format of an input called {@code name} whose decompressed content begins with {@code head}. */
  static GraphFormat detect(String name, byte[] head) throws GraphInputException {
    GraphFormat byContent = byContent(head);
    if (byContent != null) {
      // A banner or problem line is the file's own word: read as an edge list or SIF, the banner is a comment and
      // the size line '3 3 2' an edge of weight 2; a matrix named .gr failed on its banner as "no problem line"
      return byContent;
    }
    String extension = extensionOf(name);
    for (GraphFormat format : values()) {
      if (format.extensions.contains(extension)) {
        return format;
      }
    }
    throw new GraphInputException(name, 0, "cannot tell the graph format",
        extension.isEmpty() ? "(no extension)" : "." + extension,
        "a file ending in one of " + acceptedExtensions()
            + " (optionally .gz or .xz), a Matrix Market banner or a DIMACS 'p' line; or name the format with"
            + " --format (one of " + acceptedNames() + ")");
  }

  /** Refuses content that is not text ({@link BinaryContent}), saying what a graph file is. */
  static void refuseBinary(String name, byte[] head) throws GraphInputException {
    BinaryContent.refuse(name, head,
        "an edge list, CSV, TSV, SIF, Matrix Market or DIMACS file, plain or compressed with gzip or xz");
  }

  /**
   * Refuses text whose lines end in a carriage return alone (classic Mac OS): read on, the whole file is one line,
   * and the error that follows quotes a field such as {@code '1\x0db'} or blames the first line's columns.
   */
  static void refuseCarriageReturnLineEnds(String name, byte[] head) throws GraphInputException {
    for (int i = 0; i < head.length; i++) {
      if (head[i] == '\n') {
        return;
      }
    }
    for (int i = 0; i + 1 < head.length; i++) {
      if (head[i] == '\r') {
        throw new GraphInputException(name, 0, "lines end in a carriage return alone (classic Mac OS)", null,
            "lines ending in \\n or \\r\\n; convert with tr '\\r' '\\n' < IN > OUT");
      }
    }
  }

  /** The last extension after dropping {@code .gz}/{@code .xz}, lower case; empty if none. */
  static String extensionOf(String name) {
    String file = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
        .toLowerCase(Locale.ROOT);
    for (Compression compression : Compression.values()) {
      if (compression != Compression.NONE && file.endsWith(compression.suffix())) {
        file = file.substring(0, file.length() - compression.suffix().length());
      }
    }
    int dot = file.lastIndexOf('.');
    return dot < 0 ? "" : file.substring(dot + 1);
  }

  private static GraphFormat byContent(byte[] head) {
    String text = new String(head, StandardCharsets.ISO_8859_1);
    if (text.startsWith(UTF8_BOM)) { // the readers skip it; unskipped, it hid the banner of a .txt matrix
      text = text.substring(UTF8_BOM.length());
    }
    for (String line : text.split("\n", -1)) {
      String trimmed = line.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      if (trimmed.regionMatches(true, 0, "%%MatrixMarket", 0, 14)) {
        return MATRIX_MARKET;
      }
      if (trimmed.equals("c") || trimmed.startsWith("c ") || trimmed.startsWith("c\t")) {
        continue;
      }
      String[] words = trimmed.split("\\s+");
      boolean dimacs = words.length == 4 && words[0].equals("p")
          && (words[1].equals("sp") || words[1].equals("tw")) && isDigits(words[2]) && isDigits(words[3]);
      return dimacs ? DIMACS : null;
    }
    return null;
  }

  private static boolean isDigits(String word) {
    return !word.isEmpty() && word.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  private static String acceptedExtensions() {
    StringBuilder all = new StringBuilder();
    for (GraphFormat format : values()) {
      for (String extension : format.extensions) {
        all.append(all.isEmpty() ? "" : ", ").append('.').append(extension);
      }
    }
    return all.toString();
  }

  private static String acceptedNames() {
    // The short names the command line documents first, then the constants a program passes.
    StringBuilder shortNames = new StringBuilder();
    StringBuilder constants = new StringBuilder();
    for (GraphFormat format : values()) {
      shortNames.append(shortNames.isEmpty() ? "" : ", ").append(format.extensions.getFirst());
      constants.append(constants.isEmpty() ? "" : ", ").append(format.name());
    }
    return shortNames + " (or " + constants + ")";
  }
}

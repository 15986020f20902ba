package org.tropic.io;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import org.tropic.graph.GraphBuilder;

/**
 * Gives the vertices of an edge list or SIF file their dense ids, in order of first appearance, and their labels
 * (the names as written). While every name is a plain decimal integer (optional {@code -}, no leading zeros) names
 * are looked up as numbers, creating a string only once per vertex; the first other name switches to string
 * lookup for the rest of the file. At the end, all-integer names are ordered numerically ({@link #finish}); other
 * names keep the order of first appearance. Names are decoded as strict UTF-8: a byte that is not UTF-8 (a Latin-1
 * {@code é}, say) stops with the line, because replacing it with U+FFFD would merge distinct vertices.
 */
final class VertexNames {
  /** Numeric order of canonical decimal integers, without parsing: sign, then length, then digits. */
  static final Comparator<String> NUMERIC = (a, b) -> {
    boolean aNegative = a.charAt(0) == '-';
    boolean bNegative = b.charAt(0) == '-';
    if (aNegative != bNegative) {
      return aNegative ? -1 : 1;
    }
    int byMagnitude = a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    return aNegative ? -byMagnitude : byMagnitude;
  };

  private final GraphBuilder builder;
  private final LineReader lines;
  private final CharsetDecoder strictUtf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  private Long2IntOpenHashMap idOfNumber = new Long2IntOpenHashMap();

  /** @param lines the input the names come from, for the file and line of an undecodable name */
  VertexNames(GraphBuilder labelledBuilder, LineReader lines) {
    this.builder = labelledBuilder;
    this.lines = lines;
    idOfNumber.defaultReturnValue(-1);
  }

  /** The id of the vertex named by bytes {@code from..to} of {@code b}, created if new. */
  int id(byte[] b, int from, int to) throws GraphInputException {
    if (idOfNumber != null) {
      long number = Numbers.parseLong(b, from, to);
      if (number != Numbers.NOT_AN_INTEGER) {
        int id = idOfNumber.get(number);
        if (id < 0) {
          id = builder.vertex(Long.toString(number));
          idOfNumber.put(number, id);
        }
        return id;
      }
      idOfNumber = null;
    }
    return builder.vertex(decode(b, from, to));
  }

  private String decode(byte[] b, int from, int to) throws GraphInputException {
    boolean ascii = true;
    for (int i = from; i < to && ascii; i++) {
      ascii = b[i] >= 0;
    }
    if (ascii) {
      return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }
    try {
      return strictUtf8.decode(ByteBuffer.wrap(b, from, to - from)).toString();
    } catch (CharacterCodingException e) {
      throw lines.fieldError("vertex name is not valid UTF-8 (shown with U+FFFD for the bad bytes)",
          new String(b, from, to - from, StandardCharsets.UTF_8),
          "UTF-8 text; convert the file first, e.g. iconv -f latin1 -t utf-8");
    }
  }

  /** Whether every name so far was a plain decimal integer. */
  boolean allIntegers() {
    return idOfNumber != null;
  }

  /** Orders vertices numerically if every name was an integer; call once, before building. */
  GraphBuilder finish() {
    return allIntegers() ? builder.sortVertices(NUMERIC) : builder;
  }
}

package org.tropic.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Reads an input line by line as raw bytes, with a 1 MiB buffer and no per-line allocation: a line that lies inside
 * the buffer is handed out in place, one that straddles a refill is copied into a reusable array. Line ends are
 * {@code \n} or {@code \r\n}; a UTF-8 byte order mark is skipped. Memory is constant per line (up to
 * {@link #MAX_LINE_BYTES}). A reader that must see a later line to judge the current one saves lines and has them
 * handed out again ({@link #replay}). Also the one place that turns a problem into a {@link GraphInputException}
 * naming the source and the current line.
 */
final class LineReader implements Closeable {
  static final int BUFFER_BYTES = 1 << 20;
  static final int MAX_LINE_BYTES = 1 << 26;

  private final InputStream in;
  private final String source;
  private final long fileBytes;
  private final LongSupplier fileBytesRead;
  private final byte[] buffer = new byte[BUFFER_BYTES];
  private int position;
  private int limit;
  private boolean endOfInput;

  private byte[] spill = new byte[256];
  private byte[] lineData;
  private int lineStart;
  private int lineEnd;
  private long lineNumber;
  private long linesRead;
  private final ArrayDeque<SavedLine> replay = new ArrayDeque<>(2);
  private final WeightRounding.Tally weightRounding = new WeightRounding.Tally();
  private String headerRow;

  LineReader(InputStream in, String source) {
    this(in, source, -1, () -> 0);
  }

  /**
   * A reader of a file of {@code fileBytes} as stored (compressed, if it is), of which {@code fileBytesRead} tells
   * how many are read so far.
   */
  LineReader(InputStream in, String source, long fileBytes, LongSupplier fileBytesRead) {
    this.in = in;
    this.source = source;
    this.fileBytes = fileBytes;
    this.fileBytesRead = fileBytesRead;
  }

  /** The size of the file as stored; -1 for a stream whose length is unknown. */
  long fileBytes() {
    return fileBytes;
  }

  /** The bytes of the file read so far, as stored: ahead of the current line by what the buffers hold. */
  long fileBytesRead() {
    return fileBytesRead.getAsLong();
  }

  /** The file or stream name used in messages. */
  String source() {
    return source;
  }

  /** A copy of one line and its number, to be handed out again by {@link #replay}. */
  record SavedLine(long number, byte[] bytes) {
    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  /** Advances to the next line; false at the end of input. The previous line's bytes become invalid. */
  boolean next() throws IOException {
    if (!replay.isEmpty()) {
      SavedLine saved = replay.poll();
      lineData = saved.bytes();
      lineStart = 0;
      lineEnd = saved.bytes().length;
      lineNumber = saved.number();
      return true;
    }
    int spilled = 0;
    boolean any = false;
    while (true) {
      if (position == limit) {
        if (!fill()) {
          if (!any) {
            return false;
          }
          lineData = spill;
          lineStart = 0;
          lineEnd = spilled;
          break;
        }
      }
      any = true;
      int end = position;
      byte[] b = buffer;
      int stop = limit;
      while (end < stop && b[end] != '\n') {
        end++;
      }
      if (end < stop) {
        if (spilled == 0) {
          lineData = buffer;
          lineStart = position;
          lineEnd = end;
        } else {
          spilled = spill(spilled, position, end);
          lineData = spill;
          lineStart = 0;
          lineEnd = spilled;
        }
        position = end + 1;
        break;
      }
      spilled = spill(spilled, position, stop);
      position = stop;
    }
    lineNumber = ++linesRead;
    if (lineEnd > lineStart && lineData[lineEnd - 1] == '\r') {
      lineEnd--;
    }
    if (lineNumber == 1 && lineEnd - lineStart >= 3 && (lineData[lineStart] & 0xff) == 0xEF
        && (lineData[lineStart + 1] & 0xff) == 0xBB && (lineData[lineStart + 2] & 0xff) == 0xBF) {
      lineStart += 3;
    }
    return true;
  }

  private int spill(int spilled, int from, int to) throws GraphInputException {
    int length = to - from;
    if ((long) spilled + length > MAX_LINE_BYTES) {
      throw new GraphInputException(source, linesRead + 1, "line longer than " + MAX_LINE_BYTES + " bytes", null,
          "a text file with one edge or entry per line");
    }
    if (spill.length < spilled + length) {
      byte[] grown = new byte[Math.max(spill.length * 2, spilled + length)];
      System.arraycopy(spill, 0, grown, 0, spilled);
      spill = grown;
    }
    System.arraycopy(buffer, from, spill, spilled, length);
    return spilled + length;
  }

  private boolean fill() throws IOException {
    if (endOfInput) {
      return false;
    }
    int read = in.readNBytes(buffer, 0, buffer.length);
    if (read <= 0) {
      endOfInput = true;
      return false;
    }
    position = 0;
    limit = read;
    return true;
  }

  /** A copy of the current line (without its line end), to hand out again. */
  SavedLine save() {
    return new SavedLine(lineNumber, Arrays.copyOfRange(lineData, lineStart, lineEnd));
  }

  /**
   * Has {@link #next} hand out {@code lines}, in this order and with their numbers, before the line after the last
   * one read; lines read in between and not saved are passed over.
   */
  void replay(SavedLine... lines) {
    replay.addAll(Arrays.asList(lines));
  }

  /** The array holding the current line (from {@link #start()} to {@link #end()}, exclusive). */
  byte[] data() {
    return lineData;
  }

  int start() {
    return lineStart;
  }

  int end() {
    return lineEnd;
  }

  /** The weights of this input that float32 did not hold as written, counted as they are parsed. */
  WeightRounding.Tally weightRounding() {
    return weightRounding;
  }

  /** Notes that the current line was skipped as a row of column names, so the skip can be announced. */
  void skipAsHeaderRow() {
    skippedAsHeaderRow(lineNumber, text());
  }

  /** Notes that an earlier line, held back until a later one decided, was skipped as a row of column names. */
  void skippedAsHeaderRow(long line, String text) {
    headerRow = HeaderRows.note(line, text);
  }

  /** What {@link #skipAsHeaderRow} noted, e.g. {@code line 1 read as a header: src dst cost}, or {@code null}. */
  String headerRow() {
    return headerRow;
  }

  /** The 1-based number of the current line. */
  long lineNumber() {
    return lineNumber;
  }

  /** The first byte that is not a space or tab, or -1 on a blank line. */
  int firstNonBlank() {
    for (int i = lineStart; i < lineEnd; i++) {
      byte c = lineData[i];
      if (c != ' ' && c != '\t') {
        return c;
      }
    }
    return -1;
  }

  /** The current line as text, for messages and header parsing (not on the hot path). */
  String text() {
    return new String(lineData, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
  }

  /** A problem with the whole current line. */
  GraphInputException lineError(String problem, String expected) {
    return new GraphInputException(source, lineNumber, problem, text(), expected);
  }

  /** A problem with one field of the current line; the message quotes the field, what was expected and the line. */
  GraphInputException fieldError(String problem, String field, String expected) {
    String line = GraphInputException.quoted(text());
    String where = field.equals(line) ? "" : " (line: \"" + line + "\")";
    return new GraphInputException(source, lineNumber, problem, field, expected + where);
  }

  /** A problem found at the end of input, reported at the last line read. */
  GraphInputException endError(String problem, String expected) {
    return new GraphInputException(source, lineNumber, problem, null, expected);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}

package org.tropic.io;

/**
 * Tells a text input from binary content before it is parsed: an executable, a NumPy result or an archive given as
 * a graph or a table would otherwise be read as lines of garbage, refused quoting raw bytes, or worse, read as a few
 * malformed rows and one that parses. Text inputs hold no NUL byte; the kinds users mix up are named by their magic
 * numbers.
 */
public final class BinaryContent {
  /** The bytes of the (decompressed) content worth looking at. */
  public static final int HEAD_BYTES = 4096;

  private BinaryContent() {}

  /**
   * @param head the first bytes of the content, decompressed, up to {@link #HEAD_BYTES}
   * @param expected what the input should be, for the message
   * @throws GraphInputException naming {@code name} and what it holds, if that is not text
   */
  public static void refuse(String name, byte[] head, String expected) throws GraphInputException {
    String kind = kind(head);
    if (kind != null) {
      throw new GraphInputException(name, 0, "not a text file: this is " + kind, null, expected);
    }
  }

  /** What binary content this is, or null for text. */
  static String kind(byte[] head) {
    if (startsWith(head, 0x93, 'N', 'U', 'M', 'P', 'Y')) {
      return "a NumPy .npy array (a result of tropic apsp? query and info read those)";
    }
    if (startsWith(head, 'T', 'R', 'B', 'C', 'O', 'O', '\r', '\n')) { // renamed, it was "a NUL byte at byte 9"
      return "a Tropic block-COO matrix from 'sparse convert' (bfs, traverse, centrality and spectrum map one whose"
          + " name ends in .bcoo, with its .labels.txt beside it; other commands read the graph it came from)";
    }
    if (startsWith(head, 0x7f, 'E', 'L', 'F')) {
      return "an ELF executable";
    }
    if (startsWith(head, 'P', 'K', 3, 4)) {
      return "a ZIP archive (unpack it first)";
    }
    if (startsWith(head, 0xfd, '7', 'z', 'X', 'Z') || startsWith(head, 0x1f, 0x8b)) {
      return "compressed data inside compressed data (decompress it once)";
    }
    if (isTar(head)) { // SuiteSparse hands out every matrix as NAME.tar.gz: the .mtx is inside
      return "a tar archive (unpack it first: tar xf, then give the file inside)";
    }
    if (startsWith(head, 0xff, 0xfe) || startsWith(head, 0xfe, 0xff)) {
      return "UTF-16 text (save it as UTF-8)";
    }
    for (int i = 0; i < head.length; i++) {
      if (head[i] == 0) {
        return "binary data (a NUL byte at byte " + i + " of the content)";
      }
    }
    return null;
  }

  /** POSIX and GNU tar: "ustar" at byte 257 of the first header block. */
  private static boolean isTar(byte[] head) {
    byte[] magic = {'u', 's', 't', 'a', 'r'};
    if (head.length < 257 + magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[257 + i] != magic[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean startsWith(byte[] head, int... magic) {
    if (head.length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[i] != (byte) magic[i]) {
        return false;
      }
    }
    return true;
  }
}

package org.tropic.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.tropic.io.GraphInputException;
import org.tropic.kg.KnowledgeGraph;

/**
 * Maps literature concept ids to a curated graph's node ids, as COAST maps PubMed CUIs to SPOKE (SC22 §VIII and
 * appendix E): from a two-column file, or directly where the curated ids are {@code Kind::<literature id>} — how
 * Hetionet names diseases by DOID ({@code Disease::DOID:9352}) and side effects by UMLS CUI ({@code Side
 * Effect::C0000737}).
 */
public final class ConceptMapping {
  private final Map<String, String> curatedOf;
  private final String description;

  private ConceptMapping(Map<String, String> curatedOf, String description) {
    this.curatedOf = Map.copyOf(curatedOf);
    this.description = description;
  }

  /**
   * The direct mapping into {@code curated}: literature id X maps to the curated node whose id is {@code K::X} for
   * some kind K. An X that several curated nodes end with is left unmapped (ambiguous).
   */
  public static ConceptMapping direct(KnowledgeGraph curated) {
    Map<String, String> map = new HashMap<>();
    Set<String> ambiguous = new HashSet<>();
    for (int u = 0; u < curated.nodeCount(); u++) {
      String id = curated.id(u);
      int at = id.indexOf("::");
      if (at < 0) {
        continue;
      }
      String suffix = id.substring(at + 2);
      if (map.putIfAbsent(suffix, id) != null) {
        ambiguous.add(suffix);
      }
    }
    ambiguous.forEach(map::remove);
    return new ConceptMapping(map, "direct (curated id = Kind::literature id)");
  }

  /**
   * A mapping from a file of {@code literature-id curated-id} lines (tab- or comma-separated; a literature id listed
   * twice keeps its first mapping). The ids are checked against both graphs: a first line whose two fields are
   * neither a literature node nor a curated one is a header, and rows naming ids the graphs lack (normal for a
   * mapping made for a larger corpus) are counted in {@link #description()}, with the first of them.
   *
   * @throws GraphInputException naming the line of a row without two ids
   */
  public static ConceptMapping read(Path file, KnowledgeGraph literature, KnowledgeGraph curated) throws IOException {
    Map<String, String> map = new HashMap<>();
    long rows = 0;
    long unknown = 0;
    String firstUnknown = null;
    boolean header = false;
    try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      long number = 0;
      while ((line = lines.readLine()) != null) {
        number++;
        line = line.strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split(line.indexOf('\t') >= 0 ? "\t" : ",");
        if (f.length < 2 || f[0].isBlank() || f[1].isBlank()) {
          throw new GraphInputException(file.toString(), number, "a mapping row needs two ids", line,
              "'literature-id curated-id'");
        }
        String literatureId = f[0].strip();
        String curatedId = f[1].strip();
        boolean knownLiterature = literature.node(literatureId) >= 0;
        boolean knownCurated = curated.node(curatedId) >= 0;
        if (rows == 0 && !header && !knownLiterature && !knownCurated) {
          header = true;
          continue;
        }
        rows++;
        if (!knownLiterature || !knownCurated) {
          unknown++;
          if (firstUnknown == null) {
            firstUnknown = "line " + number + ": '" + (knownLiterature ? curatedId : literatureId) + "' is not in the "
                + (knownLiterature ? "curated" : "literature") + " graph";
          }
          continue;
        }
        map.putIfAbsent(literatureId, curatedId);
      }
    }
    String description = "file " + file + " (" + rows + (rows == 1 ? " row" : " rows")
        + (header ? " after a header" : "")
        + (unknown == 0 ? "" : "; " + unknown + " naming ids the graphs lack, the first at " + firstUnknown) + ")";
    return new ConceptMapping(map, description);
  }

  /** The curated id of {@code literatureId}, or {@code null} if it does not map. */
  public String curatedId(String literatureId) {
    return curatedOf.get(literatureId);
  }

  /** How the mapping was made, for reports. */
  public String description() {
    return description;
  }
}

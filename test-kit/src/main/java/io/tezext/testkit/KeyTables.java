package io.tezext.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.tezext.settings.KeySet;

/**
 * A docs page's table of a module's keys, between {@code <!-- keys: PREFIX -->} and
 * {@code <!-- end of keys -->}: a test asserts it equals {@link KeySet#markdownTable()}, so a key
 * cannot be added, changed or removed without its page saying so.
 */
public final class KeyTables {
  private static final String END = "<!-- end of keys -->";

  private KeyTables() {
  }

  /** The marker line that opens the table of {@code keys} on its page. */
  public static String startMarker(KeySet keys) {
    return "<!-- keys: " + keys.prefix() + " -->\n";
  }

  /**
   * The table the page holds for {@code keys}.
   *
   * @param page a file under docs/, read from a module's directory ({@code scheduler.md})
   */
  public static String documented(String page, KeySet keys) {
    Path path = Path.of("..", "docs", page);
    String doc;
    try {
      doc = Files.readString(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String start = startMarker(keys);
    int from = doc.indexOf(start);
    int to = doc.indexOf(END, from);
    if (from < 0 || to < 0) {
      throw new AssertionError(path + " has no table of " + keys.prefix() + " keys: expected the lines "
          + start.strip() + " and " + END + " around it");
    }
    return doc.substring(from + start.length(), to);
  }
}

package io.tezext.settings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.apache.hadoop.conf.Configuration;

/**
 * The keys of one component under one prefix ({@code tezext.scheduler.}, {@code tezext.split.}):
 * the one place they are declared, checked and listed. A key under the prefix that is none of them
 * is an error (a misspelt key must not pass for a setting), and the docs' table of them is
 * {@link #markdownTable()}, checked by a test.
 */
public final class KeySet {
  private final String prefix;
  private final String owner;
  private final String docPage;
  private final List<Key<?>> keys;

  /**
   * @param owner the component, as an error names it ("the scheduler")
   * @param docPage the page that lists the keys ({@code docs/scheduler.md})
   * @param keys every key, each under {@code prefix}, in the order the docs list them
   */
  public KeySet(String prefix, String owner, String docPage, List<Key<?>> keys) {
    for (Key<?> k : keys) {
      if (!k.name().startsWith(prefix)) {
        throw new IllegalArgumentException(k.name() + " is not under " + prefix);
      }
    }
    this.prefix = prefix;
    this.owner = owner;
    this.docPage = docPage;
    this.keys = List.copyOf(keys);
  }

  /** The component, as an error names it. */
  public String owner() {
    return owner;
  }

  public String prefix() {
    return prefix;
  }

  public List<Key<?>> keys() {
    return keys;
  }

  public List<String> names() {
    return keys.stream().map(Key::name).toList();
  }

  /** The key named {@code name}, or null. */
  public Key<?> find(String name) {
    for (Key<?> k : keys) {
      if (k.name().equals(name)) {
        return k;
      }
    }
    return null;
  }

  /**
   * Fails on any key under the prefix that is not one of these, and on any value a key does not
   * accept: every problem in one message (and, for an unknown key, the page that lists the keys).
   */
  public void validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    boolean unknown = false;
    Map<String, String> set = conf.getPropsWithPrefix(prefix);
    for (String suffix : new TreeSet<>(set.keySet())) {
      Key<?> key = find(prefix + suffix);
      if (key == null) {
        problems.add(unknownKey(prefix + suffix, owner, names()));
        unknown = true;
        continue;
      }
      try {
        key.read(conf);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems) + (unknown ? "; " + docPage + " lists "
          + owner + "'s keys" : ""));
    }
  }

  /**
   * Validates {@code conf} and reads it at {@code scope}: only keys of that scope can be read from
   * the result.
   *
   * @throws IllegalArgumentException as {@link #validate}
   */
  public ScopedSettings readAt(Scope scope, Configuration conf) {
    validate(conf);
    return new ScopedSettings(this, scope, conf);
  }

  /**
   * The keys of a scope before {@code where} (an AM key, in a DAG's configuration) that {@code here}
   * gives another value than {@code earlier}, the configuration they were read from: they cannot
   * take effect. One sentence per key, naming it, both values and where it does take effect; empty
   * when there are none. Both configurations must have been validated.
   */
  public List<String> tooLate(Scope where, Configuration earlier, Configuration here) {
    if (where == Scope.SIMULATOR) {
      throw new IllegalArgumentException("the simulator's settings come after no other scope");
    }
    List<String> late = new ArrayList<>();
    for (Key<?> k : keys) {
      if (k.scope().compareTo(where) < 0 && k.isSet(here) && !k.read(here).equals(k.read(earlier))) {
        late.add(k.scope().tooLate(k, here.getTrimmed(k.name()), where, k.read(earlier)));
      }
    }
    return late;
  }

  /**
   * The error for a key that is none of {@code known}: {@code unknown key NAME for OWNER}, then the
   * key it most likely meant, or else the keys there are.
   */
  public static String unknownKey(String name, String owner, List<String> known) {
    String closest = known.stream().min(Comparator.comparingInt(n -> distance(n, name))).orElse(null);
    return "unknown key " + name + " for " + owner + (closest != null && distance(closest, name) <= 3
        ? " (did you mean " + closest + "?)" : " (its keys: " + String.join(", ", known) + ")");
  }

  /** Every key as a Markdown table: key, scope, default, what it accepts, meaning. */
  public String markdownTable() {
    StringBuilder table = new StringBuilder("| key | scope | default | accepts | meaning |\n|---|---|---|---|---|\n");
    for (Key<?> k : keys) {
      table.append("| `").append(k.name()).append("` | ").append(k.scope().name().toLowerCase(Locale.ROOT))
          .append(" | ").append(k.defaultText()).append(" | ").append(k.accepts()).append(" | ").append(k.doc())
          .append(" |\n");
    }
    return table.toString();
  }

  /** Edit distance, for naming the key a typo meant. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}

package io.tezext.settings;

import org.apache.hadoop.conf.Configuration;

/**
 * A configuration as read at one {@link Scope} (when the AM starts, when a DAG starts, in a task):
 * only the keys of that scope can be read from it. A key read where it is not in effect (an AM key
 * from a DAG's configuration) would pass every test that sets it once and silently diverge in a
 * session that sets it twice; here it fails at once, naming the key and its scope.
 */
public final class ScopedSettings {
  private final KeySet keys;
  private final Scope scope;
  private final Configuration conf;

  ScopedSettings(KeySet keys, Scope scope, Configuration conf) {
    this.keys = keys;
    this.scope = scope;
    this.conf = conf;
  }

  public Scope scope() {
    return scope;
  }

  /** The key's value, or its default. */
  public <T> T get(Key<T> key) {
    return readable(key).read(conf);
  }

  /** Whether the configuration sets the key. */
  public boolean isSet(Key<?> key) {
    return readable(key).isSet(conf);
  }

  private <K extends Key<?>> K readable(K key) {
    if (keys.find(key.name()) != key) {
      throw new IllegalArgumentException(key.name() + " is not one of " + keys.owner() + "'s keys");
    }
    if (key.scope() != scope) {
      throw new IllegalStateException(key.name() + " is " + key.scope().kind() + ": it is not read from "
          + scope.configuration());
    }
    return key;
  }
}

package io.tezext.settings;

/** When a key is read, and so when a new value takes effect. */
public enum Scope {
  /** Read once, when the AM starts ({@code tez-site.xml}, the AM's configuration before the session starts). */
  AM,
  /**
   * Read when each DAG starts, from the DAG's configuration: {@code tez-site.xml}, overridden by what
   * the client set for the DAG (a Hive session's {@code SET}).
   */
  DAG,
  /** Read in each task, from the configuration its vertex was given. */
  TASK
}

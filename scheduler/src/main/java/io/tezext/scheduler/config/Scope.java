package io.tezext.scheduler.config;

/** When a key is read: once per AM, or at the start of every DAG (from the DAG's configuration). */
public enum Scope {
  /** Read once, when the AM starts the scheduler ({@code tez-site.xml}, the AM's configuration). */
  AM,
  /**
   * Read when each DAG starts, from the DAG's configuration: {@code tez-site.xml}, overridden by what
   * the client set for the DAG (a Hive session's {@code SET}).
   */
  DAG
}

package io.tezext.settings;

/**
 * When a key is read, and so when a new value takes effect. Tez's scopes run from the earliest and
 * widest to the latest and narrowest: a value set in a narrower configuration than its key's scope
 * (an AM key in a DAG's) comes too late to be read. The simulator's model settings stand apart.
 */
public enum Scope {
  /** Read once, when the AM starts ({@code tez-site.xml}, the AM's configuration before the session starts). */
  AM("an AM-scope key", "the AM's configuration", "read when the session's AM started", "this AM runs with",
      "when a session starts with it (tez-site.xml, or the session's configuration before it starts)"),
  /**
   * Read when each DAG starts, from the DAG's configuration: {@code tez-site.xml}, overridden by what
   * the client set for the DAG (a Hive session's {@code SET}).
   */
  DAG("a DAG-scope key", "the DAG's configuration", "read when the DAG started", "this DAG runs with",
      "when a DAG starts with it (tez-site.xml, or the DAG's configuration: a Hive session's SET)"),
  /** Read in each task, from the configuration its vertex was given. */
  TASK("a task-scope key", "the task's configuration", "read in each task", "the tasks run with",
      "in the vertex's configuration"),
  /** A setting of the simulator's model, read when a scenario file is loaded; nothing Tez reads. */
  SIMULATOR("a simulator setting", "the scenario file", "read when the scenario is loaded", "this run uses",
      "in the scenario file");

  private final String kind;
  private final String configuration;
  private final String readWhen;
  private final String runsWith;
  private final String takesEffect;

  Scope(String kind, String configuration, String readWhen, String runsWith, String takesEffect) {
    this.kind = kind;
    this.configuration = configuration;
    this.readWhen = readWhen;
    this.runsWith = runsWith;
    this.takesEffect = takesEffect;
  }

  /** The configuration a key of this scope is read from, in words: {@code the DAG's configuration}. */
  public String configuration() {
    return configuration;
  }

  /** {@code an AM-scope key}, {@code a DAG-scope key}, {@code a task-scope key}, {@code a simulator setting}. */
  public String kind() {
    return kind;
  }

  /**
   * The sentence for a key of this scope set in {@code where}'s configuration, too late to be read:
   * it names the key, both values and where the key does take effect.
   */
  String tooLate(Key<?> key, String value, Scope where, Object inEffect) {
    return key.name() + " = " + value + " in " + where.configuration + " has no effect: "
        + kind() + ", " + readWhen + " (" + runsWith + " "
        + key.text(inEffect) + "); it takes effect " + takesEffect;
  }
}

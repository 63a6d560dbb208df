package io.tezext.scheduler.locality;

/** What a DAG's configuration says about locality: its mode and the waits and spread the mode reads. */
public interface LocalityRules {
  LocalityMode localityMode();

  /** The longest a task waits for one of its nodes. */
  long nodeWaitMs();

  /** The longest a task then waits for one of its racks. */
  long rackWaitMs();

  /**
   * How long a container that is not fresh from YARN waits idle for a task that wants its node
   * before tasks that only accept its rack or any node may take it (tasks without real locality
   * take it at once).
   */
  long containerWaitMs();

  /** Hints naming more than this share of the cluster's nodes carry no real locality. */
  double spreadFraction();
}

package io.tezext.scheduler.locality;

/** What a DAG's configuration says about locality: its mode and the waits and spread the mode reads. */
public interface LocalityRules {
  LocalityMode localityMode();

  /** The longest a task waits for one of its nodes. */
  long nodeWaitMs();

  /** The longest a task then waits for one of its racks. */
  long rackWaitMs();

  /** Hints naming more than this share of the cluster's nodes carry no real locality. */
  double spreadFraction();
}

package io.tezext.simulator.cluster;

/**
 * One ResourceRequest as an AM sends it: the absolute number of containers it wants at this key and
 * location ({@link #ANY}, a rack, or a host), and whether YARN may go beyond this location when it
 * cannot place them here (YARN's relaxLocality: off at ANY means only the racks asked for, off at a
 * rack means only the hosts asked for on it). The RM replaces its count with this one.
 */
public record AskUpdate(AskKey key, String location, int count, boolean relaxLocality) {
  public static final String ANY = "*";

  /** An ask YARN may relax beyond its location, as most are. */
  public AskUpdate(AskKey key, String location, int count) {
    this(key, location, count, true);
  }
}

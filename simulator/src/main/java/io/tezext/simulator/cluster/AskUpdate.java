package io.tezext.simulator.cluster;

/**
 * One ResourceRequest as an AM sends it: the absolute number of containers it wants at this key and
 * location ({@link #ANY}, a rack, or a host). The RM replaces its count with this one.
 */
public record AskUpdate(AskKey key, String location, int count) {
  public static final String ANY = "*";
}

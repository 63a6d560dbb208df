package io.tezext.simulator.workload;

/** A data edge from a producer vertex to a consumer vertex. */
public record EdgeSpec(String from, String to, DataMovement movement) {

  public EdgeSpec {
    if (from == null || to == null || movement == null) {
      throw new IllegalArgumentException("edge needs from, to and movement");
    }
    if (from.equals(to)) {
      throw new IllegalArgumentException("edge " + from + " -> " + to + " is a self loop");
    }
  }
}

package io.tezext.simulator.cluster;

/** One NodeManager: its host name, its rack, and what it offers to containers. */
public record NodeSpec(String host, String rack, int memoryMb, int vcores) {
  /** A node's size when a scenario does not give one. */
  public static final int DEFAULT_MEMORY_MB = 65536;
  public static final int DEFAULT_VCORES = 16;

  public NodeSpec {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("node host must not be empty");
    }
    if (!host.matches("[^\\s,=]+")) {
      throw new IllegalArgumentException("node host '" + host + "' must not contain spaces, ',' or '='");
    }
    if (rack == null || !rack.matches("/[^\\s,=]*")) {
      throw new IllegalArgumentException("node " + host + ": rack must be a path like /rack-01 without spaces, ',' or '=', was "
          + rack);
    }
    if (memoryMb <= 0 || vcores <= 0) {
      throw new IllegalArgumentException("node " + host + ": memoryMb and vcores must be positive");
    }
  }
}

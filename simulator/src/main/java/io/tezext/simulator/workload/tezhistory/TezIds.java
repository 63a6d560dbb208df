package io.tezext.simulator.workload.tezhistory;

/** The underscore-separated parts of a Tez id such as {@code attempt_1795361869420_0001_1_00_000000_0}. */
final class TezIds {
  private final String[] parts;

  private TezIds(String[] parts) {
    this.parts = parts;
  }

  static TezIds parse(HistoryEntity e, String id, int expectedParts) {
    String[] parts = id.split("_");
    if (parts.length != expectedParts) {
      throw e.bad("entity (expected a Tez id of " + expectedParts + " parts, got '" + id + "')");
    }
    for (int i = 1; i < parts.length; i++) {
      if (!parts[i].chars().allMatch(Character::isDigit)) {
        throw e.bad("entity ('" + id + "' is not a Tez id)");
      }
    }
    return new TezIds(parts);
  }

  String text(int i) {
    return parts[i];
  }

  int part(int i) {
    return Integer.parseInt(parts[i]);
  }
}

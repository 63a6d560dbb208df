package io.tezext.simulator.io;

import java.util.ArrayList;
import java.util.List;

/**
 * What a reader does with what it cannot take as it is. A record it cannot use fails the read, or
 * with {@code --skip-bad} is added to {@code skipped} and the read goes on. A change it would make
 * to go on (a repair, a default for a missing value, a record or key left out) is counted in the
 * report's notes, or with {@code --strict} fails the read at the first occurrence, located.
 */
public record BadRecords(boolean skip, boolean strict, List<String> skipped) {
  public BadRecords {
    if (skip && strict) {
      throw new IllegalArgumentException("--skip-bad and --strict contradict each other: --skip-bad leaves bad "
          + "records out, --strict refuses any input the simulator would change; give one of them");
    }
  }

  public BadRecords(boolean skip, List<String> skipped) {
    this(skip, false, skipped);
  }

  /** Neither skipping nor strict: the first bad record fails the read, changes are counted. */
  public static BadRecords failFast() {
    return new BadRecords(false, false, new ArrayList<>());
  }

  public void skipOrThrow(BadRecordException bad) {
    if (!skip) {
      throw bad;
    }
    skipped.add(bad.getMessage());
  }

  /**
   * A change the reader makes, {@code located} naming the file, line or field and what is changed:
   * with {@code --strict} an error; otherwise the caller counts it in a note of the workload.
   */
  public void changed(String located) {
    if (strict) {
      throw new BadRecordException(located + " (an error with --strict; without it, counted in the report's notes)");
    }
  }
}

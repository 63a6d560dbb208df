package io.tezext.simulator.io;

import java.util.List;

/**
 * What a reader does with a record it cannot use: without {@code --skip-bad} the record fails the
 * read; with it, its message is added to {@code skipped} and the read goes on.
 */
public record BadRecords(boolean skip, List<String> skipped) {
  public void skipOrThrow(BadRecordException bad) {
    if (!skip) {
      throw bad;
    }
    skipped.add(bad.getMessage());
  }
}

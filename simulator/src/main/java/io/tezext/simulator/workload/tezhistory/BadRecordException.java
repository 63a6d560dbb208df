package io.tezext.simulator.workload.tezhistory;

import io.tezext.simulator.io.InputFileException;

/** A history record the reader cannot use; the message names the file, line, entity and field. */
public final class BadRecordException extends InputFileException {
  private static final long serialVersionUID = 1L;

  public BadRecordException(String message) {
    super(message);
  }
}

package io.tezext.simulator.io;

/** A trace record a reader cannot use; the message names the file, the line or entry, and the field. */
public final class BadRecordException extends InputFileException {
  private static final long serialVersionUID = 1L;

  public BadRecordException(String message) {
    super(message);
  }
}

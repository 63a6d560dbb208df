package io.tezext.simulator.io;

/**
 * A file the simulator writes could not be written (a full disk, a directory it may not write
 * in); the message names the file or directory as the user gave it and why. Not the user's input
 * at fault: the command exits as failed, without a stack trace.
 */
public final class OutputFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public OutputFileException(String message) {
    super(message);
  }
}

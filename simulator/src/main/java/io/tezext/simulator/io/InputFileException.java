package io.tezext.simulator.io;

/** An input file is unreadable or invalid; the message names the file, where in it, and why. */
public class InputFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputFileException(String message) {
    super(message);
  }
}

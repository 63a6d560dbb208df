package io.tezext.splitgen;

import java.io.IOException;

/**
 * Input that is wrong, as opposed to a failure to reach it: a file that is not readable ORC, a
 * table that changed under its splits, input paths that overlap or do not exist, a predicate that
 * does not fit a file's schema. Only such a file may be skipped with {@code
 * tezext.split.skip-bad-files}; a network or permission failure never is.
 */
public class BadInputException extends IOException {
  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}

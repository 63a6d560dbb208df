package io.tezext.splitgen.plan;

/**
 * How large a split may be: whole stripes are grouped until a split holds at least {@code minBytes}
 * and would pass {@code maxBytes} with the next stripe; a stripe larger than {@code maxBytes} is a
 * split of its own.
 */
public record SplitSizes(long minBytes, long maxBytes) {
  public SplitSizes {
    if (minBytes < 1 || maxBytes < minBytes) {
      throw new IllegalArgumentException("split sizes need 1 <= min <= max, were min " + minBytes + " and max "
          + maxBytes);
    }
  }
}

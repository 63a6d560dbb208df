package io.tezext.splitgen.orc;

/** One ORC stripe of a file: where it starts, how many bytes it spans (index, data and footer), its rows. */
public record Stripe(long offset, long length, long rows) {
  public Stripe {
    if (offset < 0 || length <= 0 || rows < 0) {
      throw new IllegalArgumentException("stripe at " + offset + " of " + length + " bytes and " + rows
          + " rows: offsets and rows must not be negative, lengths must be positive");
    }
  }

  public long end() {
    return offset + length;
  }
}

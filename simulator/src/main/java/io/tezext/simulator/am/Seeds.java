package io.tezext.simulator.am;

/** Combines values into one well-spread 64-bit number: per-attempt seeds and hashes. */
final class Seeds {
  private Seeds() {
  }

  static long mix(long... parts) {
    long h = 0x9E3779B97F4A7C15L;
    for (long p : parts) {
      h ^= p + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
      h *= 0xBF58476D1CE4E5B9L;
    }
    return h;
  }
}

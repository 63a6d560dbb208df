package io.tezext.simulator.bench;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The arguments every simulator benchmark takes: an optional seed (default 1). */
public final class BenchArgs {
  private BenchArgs() {
  }

  public static long seed(String benchmark, String[] args) {
    if (args.length > 1) {
      usage(benchmark, "takes at most one argument, got " + args.length);
    }
    try {
      return args.length == 0 ? 1 : Long.parseLong(args[0]);
    } catch (NumberFormatException e) {
      usage(benchmark, "SEED must be an integer, got '" + args[0] + "'");
      return 0;
    }
  }

  /** Standard output as a UTF-8 writer that flushes every line. */
  public static PrintWriter out() {
    return new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
  }

  /** The checkout the benchmark runs in (bench/run passes it as tezext.root). */
  public static String projectRoot() {
    return System.getProperty("tezext.root", ".");
  }

  private static void usage(String benchmark, String problem) {
    System.err.println("usage: bench/run " + benchmark + " [SEED]: " + problem);
    System.exit(2);
  }
}

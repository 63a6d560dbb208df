package io.tezext.benchkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times contenders against each other on a machine whose load changes while they run. Timing one
 * contender's runs and then the other's hands whichever runs first (or last) the quieter minutes,
 * and one JVM warming up under the first contender flatters the second. So each contender runs once
 * untimed before any is timed, and then the timed rounds alternate their order (A B, B A, A B, ...),
 * so that a drift in load lands on both equally; each contender is reported by the median of its
 * rounds with their spread.
 *
 * <p>The clock is injected: benchmarks pass the wall clock, tests a fake one. A run whose result is
 * {@link SelfTimed} is reported by the time it measured itself (what it times leaves out its own
 * setup and teardown).
 */
public final class AlternatingTiming {
  private final LongSupplier nanos;
  private final int rounds;

  /** Times {@code rounds} runs of each contender, reading {@code nanos} before and after each run. */
  public AlternatingTiming(LongSupplier nanos, int rounds) {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be at least 1, was " + rounds);
    }
    this.nanos = nanos;
    this.rounds = rounds;
  }

  /** One run of a contender: what it produced (checked or reported by the benchmark). */
  @FunctionalInterface
  public interface Run<R> {
    R run() throws Exception;
  }

  /** A run's result that says how long the part of the run that counts took. */
  public interface SelfTimed {
    double seconds();
  }

  /** What warms a contender before any contender is timed (class loading, the JIT, pools). */
  @FunctionalInterface
  public interface WarmUp {
    void warm() throws Exception;
  }

  /** A contender: its name, the untimed warm-up it gets first, and the run that is timed. */
  public record Contender<R>(String name, WarmUp warmUp, Run<R> run) {
    /** A contender warmed by one untimed run of what is timed. */
    public static <R> Contender<R> of(String name, Run<R> run) {
      return new Contender<>(name, run::run, run);
    }
  }

  /** Told of each timed run as it ends, e.g. to print it. */
  @FunctionalInterface
  public interface Observer<R> {
    void timed(String contender, int round, double seconds, R result);

    static <R> Observer<R> none() {
      return (contender, round, seconds, result) -> { };
    }
  }

  /** A contender's timed runs, in the order they ran, and what each produced. */
  public record Timings<R>(String name, List<Double> seconds, List<R> results) {
    public Timings {
      seconds = List.copyOf(seconds);
      results = Collections.unmodifiableList(new ArrayList<>(results));
    }

    public double median() {
      List<Double> sorted = sorted();
      int n = sorted.size();
      return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    public double min() {
      return sorted().get(0);
    }

    public double max() {
      return sorted().get(seconds.size() - 1);
    }

    /** The spread of the rounds, (max - min) / median, in percent: how far one round could mislead. */
    public double spreadPct() {
      return 100 * (max() - min()) / median();
    }

    /** What the last timed run produced. */
    public R last() {
      return results.get(results.size() - 1);
    }

    private List<Double> sorted() {
      List<Double> sorted = new ArrayList<>(seconds);
      Collections.sort(sorted);
      return sorted;
    }
  }

  /**
   * Warms every contender, then times the rounds; returns each contender's timings, in the order
   * the contenders were given.
   */
  public <R> Map<String, Timings<R>> time(List<Contender<R>> contenders, Observer<R> observer) throws Exception {
    if (contenders.isEmpty()) {
      throw new IllegalArgumentException("no contender to time");
    }
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, List<R>> results = new LinkedHashMap<>();
    for (Contender<R> c : contenders) {
      if (seconds.put(c.name(), new ArrayList<>()) != null) {
        throw new IllegalArgumentException("two contenders are named '" + c.name() + "'");
      }
      results.put(c.name(), new ArrayList<>());
    }
    for (Contender<R> c : contenders) {
      c.warmUp().warm();
    }
    for (int round = 0; round < rounds; round++) {
      for (int i : order(contenders.size(), round)) {
        Contender<R> c = contenders.get(i);
        long start = nanos.getAsLong();
        R result = c.run().run();
        double s = result instanceof SelfTimed self ? self.seconds() : (nanos.getAsLong() - start) / 1e9;
        seconds.get(c.name()).add(s);
        results.get(c.name()).add(result);
        observer.timed(c.name(), round, s, result);
      }
    }
    Map<String, Timings<R>> out = new LinkedHashMap<>();
    for (Contender<R> c : contenders) {
      out.put(c.name(), new Timings<>(c.name(), seconds.get(c.name()), results.get(c.name())));
    }
    return out;
  }

  /** The contenders' order in a round: as given in even rounds, reversed in odd ones (A B, B A, ...). */
  static List<Integer> order(int contenders, int round) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < contenders; i++) {
      order.add(round % 2 == 0 ? i : contenders - 1 - i);
    }
    return order;
  }
}

package io.tezext.benchkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.tezext.benchkit.AlternatingTiming.Contender;
import io.tezext.benchkit.AlternatingTiming.Observer;
import io.tezext.benchkit.AlternatingTiming.Timings;

class AlternatingTimingTest {
  /** A machine in virtual time whose load grows as it works: the same work takes longer later. */
  private static final class LoadedMachine {
    long nowNanos;

    /** Runs {@code work} seconds of work at the load of the moment: 1 at first, +10% per second since. */
    String work(String who, double work) {
      double load = 1 + 0.1 * nowNanos / 1e9;
      nowNanos += (long) (work * load * 1e9);
      return who;
    }
  }

  @Test
  void warmsEveryContenderUntimedThenAlternatesTheOrderOfTheRounds() throws Exception {
    LoadedMachine machine = new LoadedMachine();
    List<String> ran = new ArrayList<>();
    List<String> timed = new ArrayList<>();
    AlternatingTiming timing = new AlternatingTiming(() -> machine.nowNanos, 4);
    Map<String, Timings<String>> t = timing.time(List.of(
        new Contender<>("a", () -> ran.add("warm a"), () -> ran.add("a") ? machine.work("a", 1) : ""),
        new Contender<>("b", () -> ran.add("warm b"), () -> ran.add("b") ? machine.work("b", 1) : "")),
        (who, round, seconds, result) -> timed.add(round + who));

    assertThat(ran).containsExactly("warm a", "warm b", "a", "b", "b", "a", "a", "b", "b", "a");
    assertThat(timed).containsExactly("0a", "0b", "1b", "1a", "2a", "2b", "3b", "3a");
    assertThat(t.keySet()).containsExactly("a", "b");
    assertThat(t.get("a").seconds()).hasSize(4);
    assertThat(t.get("a").last()).isEqualTo("a");
  }

  @Test
  void aLoadThatRisesDuringTheRunFavoursNeitherContender() throws Exception {
    LoadedMachine machine = new LoadedMachine();
    AlternatingTiming timing = new AlternatingTiming(() -> machine.nowNanos, 6);
    Map<String, Timings<String>> t = timing.time(List.of(
        Contender.of("ours", () -> machine.work("ours", 1)),
        Contender.of("baseline", () -> machine.work("baseline", 2))), Observer.none());

    // The true ratio is 0.5. Timed one after the other (ours' six runs, then the baseline's), the
    // rising load would make it about 0.23 (1.7 s against 7.4 s); alternating keeps it near 0.5.
    assertThat(t.get("ours").median() / t.get("baseline").median()).isCloseTo(0.5, within(0.05));
    assertThat(t.get("ours").spreadPct()).isGreaterThan(0);
  }

  @Test
  void oneRoundIsTheRunItselfAndItsMedian() throws Exception {
    long[] now = {0};
    Map<String, Timings<Integer>> t = new AlternatingTiming(() -> now[0], 1).time(
        List.of(Contender.of("only", () -> {
          now[0] += 2_500_000_000L;
          return 7;
        })), Observer.none());

    assertThat(t.get("only").seconds()).containsExactly(2.5);
    assertThat(t.get("only").median()).isEqualTo(2.5);
    assertThat(t.get("only").spreadPct()).isZero();
    assertThat(t.get("only").results()).containsExactly(7);
  }

  @Test
  void aRunThatTimesItselfIsReportedByItsOwnTime() throws Exception {
    record Read(double seconds) implements AlternatingTiming.SelfTimed {
    }
    long[] now = {0};
    Map<String, Timings<Read>> t = new AlternatingTiming(() -> now[0], 2).time(
        List.of(Contender.of("reader", () -> {
          now[0] += 9_000_000_000L; // setup and draining that the read leaves out
          return new Read(0.75);
        })), Observer.none());

    assertThat(t.get("reader").seconds()).containsExactly(0.75, 0.75);
  }

  @Test
  void theMedianOfAnEvenNumberOfRoundsIsTheMeanOfTheMiddleTwo() {
    Timings<String> t = new Timings<>("x", List.of(4.0, 1.0, 3.0, 2.0), List.of("", "", "", ""));

    assertThat(t.median()).isEqualTo(2.5);
    assertThat(t.min()).isEqualTo(1.0);
    assertThat(t.max()).isEqualTo(4.0);
    assertThat(t.spreadPct()).isEqualTo(120.0);
  }

  @Test
  void refusesNoRoundsNoContendersAndTwoContendersOfOneName() {
    assertThatThrownBy(() -> new AlternatingTiming(() -> 0, 0)).hasMessageContaining("rounds must be at least 1");
    AlternatingTiming timing = new AlternatingTiming(() -> 0, 1);
    assertThatThrownBy(() -> timing.time(List.of(), Observer.none())).hasMessageContaining("no contender");
    assertThatThrownBy(() -> timing.time(List.of(Contender.of("a", () -> 1), Contender.of("a", () -> 2)),
        Observer.none())).hasMessageContaining("two contenders are named 'a'");
  }
}

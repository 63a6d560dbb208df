package io.tezext.simulator.sweep;

import java.util.List;

/**
 * What a sweep concludes.
 *
 * @param verdict whether to roll out {@code best}
 * @param best the best setting on the tuning runs (the baseline when none beat it)
 * @param runnerUp the next best, or -1 when there is none
 * @param tuning every usable setting's figure relative to the baseline on the tuning runs
 * @param bestVsRunnerUp best minus runner-up on the tuning runs, relative to the baseline (NaN mean: none)
 * @param confirmed the best's figure relative to the baseline on the held-out runs (NaN mean: not run)
 * @param confirmedRunnerUp the runner-up's on the held-out runs (NaN mean: none)
 * @param disqualified settings left out of the choice, each with why
 * @param notes what the reader must know to trust the numbers (seeds that change nothing, ...)
 */
public record Recommendation(Verdict verdict, int best, int runnerUp, List<Scored> tuning, Interval bestVsRunnerUp,
    Interval confirmed, Interval confirmedRunnerUp, List<String> disqualified, List<String> notes) {

  public Recommendation {
    tuning = List.copyOf(tuning);
    disqualified = List.copyOf(disqualified);
    notes = List.copyOf(notes);
  }

  /** What to do. */
  public enum Verdict {
    /** The best beat the baseline on the tuning runs and again on the held-out runs: roll it out. */
    RECOMMENDED,
    /** The best beat the baseline on the tuning runs but not on the held-out ones: do not trust it. */
    NOT_CONFIRMED,
    /** No setting beat the baseline within the constraints: keep it. */
    KEEP_BASELINE
  }

  /**
   * A setting's standing on the tuning runs.
   *
   * @param setting its index
   * @param relative its objective relative to the baseline's
   * @param constraints each constraint's figure relative to the baseline's, in the grid's order
   * @param meetsConstraints whether it meets every constraint
   */
  public record Scored(int setting, Interval relative, List<Double> constraints, boolean meetsConstraints) {
    public Scored {
      constraints = List.copyOf(constraints);
    }
  }

  public Scored scored(int setting) {
    return tuning.stream().filter(s -> s.setting() == setting).findFirst().orElse(null);
  }
}

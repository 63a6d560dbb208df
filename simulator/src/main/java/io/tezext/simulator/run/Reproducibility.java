package io.tezext.simulator.run;

/**
 * Whether this JVM can reproduce runs. Tez's DagAwareYarnTaskScheduler chooses among idle containers
 * by iterating hash sets of its own objects, which use Object's identity hash codes; those differ run
 * to run unless the JVM makes them constant ({@code -XX:+UnlockExperimentalVMOptions -XX:hashCode=2},
 * which bin/tezext-sim, bench/run and the tests pass).
 */
public final class Reproducibility {
  public static final String JVM_FLAGS = "-XX:+UnlockExperimentalVMOptions -XX:hashCode=2";

  private Reproducibility() {
  }

  public static boolean identityHashesAreConstant() {
    return System.identityHashCode(new Object()) == System.identityHashCode(new Object());
  }

  /** A warning for the console, or null when runs are reproducible. */
  public static String warning() {
    return identityHashesAreConstant() ? null
        : "warning: this JVM was started without " + JVM_FLAGS + "; Tez's scheduler will make some choices "
            + "differently from run to run, so results are not reproducible";
  }
}

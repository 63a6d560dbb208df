package io.tezext.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Every kind of key: its default where unset, what it accepts, and the one shape of its error. */
class KeyTest {
  private static Configuration conf(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return conf;
  }

  @Test
  void anUnsetOrBlankKeyReadsAsItsDefault() {
    Key<Long> wait = Key.millis("x.wait-ms", Scope.DAG, 250, 0, 1_000, "a wait");
    assertThat(wait.read(new Configuration(false))).isEqualTo(250);
    assertThat(wait.read(conf("x.wait-ms", "  "))).isEqualTo(250);
    assertThat(wait.isSet(conf("x.wait-ms", "  "))).isFalse();
    assertThat(wait.read(conf("x.wait-ms", " 40 "))).isEqualTo(40);
  }

  @Test
  void aValueOutOfRangeOrOfTheWrongKindNamesTheKeyTheValueAndWhatIsAccepted() {
    Key<Integer> threads = Key.count("x.threads", Scope.TASK, 10, 1, 1_000, "threads");
    assertThatThrownBy(() -> threads.read(conf("x.threads", "0")))
        .hasMessage("x.threads = '0': expected a whole number from 1 to 1000");
    assertThatThrownBy(() -> threads.read(conf("x.threads", "2.5")))
        .hasMessage("x.threads = '2.5': expected a whole number from 1 to 1000");
    assertThatThrownBy(() -> Key.millis("x.ms", Scope.AM, 0, 0, Long.MAX_VALUE, "").parse("-5"))
        .hasMessage("x.ms = '-5': expected milliseconds, at least 0");
    assertThatThrownBy(() -> Key.fraction("x.f", Scope.DAG, 0.5, 0, 1, "").parse("1.5"))
        .hasMessage("x.f = '1.5': expected a number from 0 to 1");
  }

  @Test
  void aWholeNumberMayBeWrittenAnyExactWayButIsNeverRounded() {
    Key<Long> horizon = Key.whole("t.horizonMs", Scope.SIMULATOR, 0, 0, Long.MAX_VALUE, "horizon");
    assertThat(horizon.parse("2000.0")).isEqualTo(2000);
    assertThat(horizon.parse("2e3")).isEqualTo(2000);
    assertThat(horizon.parse(Long.toString((1L << 53) + 1))).as("beyond a double's exact whole numbers")
        .isEqualTo((1L << 53) + 1);
    assertThatThrownBy(() -> horizon.parse("2.5")).hasMessage("t.horizonMs = '2.5': expected a whole number, at least 0");
    assertThatThrownBy(() -> horizon.parse("1e30")).hasMessage("t.horizonMs = '1e30': expected a whole number, at least 0");
    assertThatThrownBy(() -> horizon.parse("soon")).hasMessage("t.horizonMs = 'soon': expected a whole number, at least 0");
  }

  @Test
  void aNumberMayExcludeItsMaximumOrHaveNone() {
    Key<Double> share = Key.number("t.share", Scope.SIMULATOR, 0.5, 0, 1, true, "share");
    assertThat(share.parse("0.999")).isEqualTo(0.999);
    assertThatThrownBy(() -> share.parse("1")).hasMessage("t.share = '1': expected a number from 0 to 1, 1 excluded");
    assertThatThrownBy(() -> share.parse("NaN")).hasMessage("t.share = 'NaN': expected a number from 0 to 1, 1 excluded");
    Key<Double> penalty = Key.number("t.penalty", Scope.SIMULATOR, 0.25, 0, Double.MAX_VALUE, false, "penalty");
    assertThat(penalty.accepts()).isEqualTo("a number, at least 0");
    assertThat(penalty.text(2.0)).isEqualTo("2");
    assertThat(penalty.text(0.25)).isEqualTo("0.25");
    assertThatThrownBy(() -> penalty.parse("Infinity")).hasMessageEndingWith("expected a number, at least 0");
  }

  @Test
  void sizesTakeHadoopSuffixesAndPrintTheirDefaultWithOne() {
    Key<Long> size = Key.bytes("x.max-bytes", Scope.TASK, 256L << 20, 0, Long.MAX_VALUE, "a size");
    assertThat(size.defaultText()).isEqualTo("256m");
    assertThat(size.read(conf("x.max-bytes", "64k"))).isEqualTo(64L << 10);
    assertThat(size.read(conf("x.max-bytes", "1g"))).isEqualTo(1L << 30);
    assertThat(size.read(conf(size.name(), size.defaultText()))).isEqualTo(size.defaultValue());
    assertThatThrownBy(() -> size.parse("lots")).hasMessage(
        "x.max-bytes = 'lots': expected a size of at least 0 bytes (k, m, g suffixes allowed)");
    assertThat(Key.bytes("x.b", Scope.TASK, 1000, 1, Long.MAX_VALUE, "").defaultText()).isEqualTo("1000");
  }

  @Test
  void aFlagIsTrueOrFalseInAnyCaseAndNothingElse() {
    Key<Boolean> flag = Key.flag("x.enabled", Scope.AM, false, "on");
    assertThat(flag.parse("TRUE")).isTrue();
    assertThat(flag.parse("false")).isFalse();
    assertThatThrownBy(() -> flag.parse("yes")).hasMessage("x.enabled = 'yes': expected true or false");
  }

  @Test
  void aChoiceIsAConstantInLowerCase() {
    Key<TimeUnit> unit = Key.choice("x.unit", Scope.DAG, TimeUnit.SECONDS, TimeUnit.class, "a unit");
    assertThat(unit.defaultText()).isEqualTo("seconds");
    assertThat(unit.parse("Minutes")).isEqualTo(TimeUnit.MINUTES);
    assertThat(unit.text(TimeUnit.HOURS)).isEqualTo("hours");
    assertThatThrownBy(() -> unit.parse("weeks")).hasMessageStartingWith("x.unit = 'weeks': expected one of "
        + "nanoseconds, microseconds, milliseconds, seconds, minutes, hours, days");
  }

  @Test
  void aParsersOwnReasonIsKept() {
    Key<Integer> even = Key.of("x.even", Scope.DAG, 0, "0", "an even number", "", text -> {
      int v = Integer.parseInt(text);
      if (v % 2 != 0) {
        throw new IllegalArgumentException(v + " is odd");
      }
      return v;
    });
    assertThatThrownBy(() -> even.parse("3")).hasMessage("x.even = '3': expected an even number (3 is odd)");
  }
}

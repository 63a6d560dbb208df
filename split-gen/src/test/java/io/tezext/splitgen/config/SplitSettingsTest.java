package io.tezext.splitgen.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.tezext.testkit.KeyTables;

class SplitSettingsTest {
  private static SplitSettings with(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return SplitSettings.from(conf);
  }

  @Test
  void defaultsWhereNothingIsSet() {
    SplitSettings s = SplitSettings.from(new Configuration(false));
    assertThat(s.sizes().minBytes()).isEqualTo(16L << 20);
    assertThat(s.sizes().maxBytes()).isEqualTo(256L << 20);
    assertThat(s.footerThreads()).isEqualTo(32);
    assertThat(s.predicate()).isNull();
    assertThat(s.skipBadFiles()).isFalse();
  }

  @Test
  void sizesTakeHadoopsSuffixes() {
    assertThat(with(SplitSettings.MAX_SIZE, "1g").sizes().maxBytes()).isEqualTo(1L << 30);
    assertThat(with(SplitSettings.TAIL_IN_SPLIT_BYTES, "0").tailInSplitBytes()).isZero();
  }

  @Test
  void aMaximumBelowTheDefaultMinimumLowersTheMinimum() {
    assertThat(with(SplitSettings.MAX_SIZE, "1m").sizes()).isEqualTo(new io.tezext.splitgen.plan.SplitSizes(1 << 20,
        1 << 20));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "tezext.split.max-sise | 1g | unknown key tezext.split.max-sise",
      "tezext.split.min-size | 0 | expected a size of at least 1 bytes",
      "tezext.split.min-size | lots | tezext.split.min-size = 'lots'",
      "tezext.split.min-size | 1g | is below tezext.split.min-size",
      "tezext.split.footer-threads | 0 | expected a whole number from 1 to 1024",
      "tezext.split.footer-threads | 2.5 | tezext.split.footer-threads = '2.5'",
      "tezext.split.skip-bad-files | yes | expected true or false",
      "tezext.split.predicate | id = | tezext.split.predicate = 'id =': expected a predicate",
      "tezext.split.predicate | id = | predicate \"id =\", at character 5",
  })
  void aBadKeyOrValueIsNamedWithWhatItAccepts(String key, String value, String message) {
    assertThatThrownBy(() -> with(key, value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void theDocsListEveryKeyAsDeclared() {
    assertThat(KeyTables.documented("split-gen.md", SplitSettings.KEYS))
        .as("docs/split-gen.md's keys table; paste SplitSettings.KEYS.markdownTable()")
        .isEqualTo(SplitSettings.KEYS.markdownTable());
  }
}

package io.tezext.reader.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import io.tezext.testkit.KeyTables;

class ReaderSettingsTest {
  private final Configuration conf = new Configuration(false);

  @Test
  void unsetKeysTakeTheirDefaults() {
    assertThat(ReaderSettings.from(conf)).isEqualTo(ReaderSettings.DEFAULTS);
  }

  @Test
  void sizesAcceptHadoopSuffixes() {
    conf.set(ReaderSettings.BYTES_AHEAD, "64m");
    conf.set(ReaderSettings.READERS_AHEAD, "0");
    ReaderSettings settings = ReaderSettings.from(conf);
    assertThat(settings.bytesAhead()).isEqualTo(64L << 20);
    assertThat(settings.opensAhead()).isFalse();
  }

  @Test
  void aBadValueNamesTheKeyTheValueAndWhatIsAccepted() {
    conf.set(ReaderSettings.THREADS, "0");
    assertThatThrownBy(() -> ReaderSettings.from(conf)).hasMessage(
        "tezext.reader.open-threads = '0': expected a whole number from 1 to 1000");
    conf.set(ReaderSettings.THREADS, "many");
    assertThatThrownBy(() -> ReaderSettings.from(conf)).hasMessageContaining("tezext.reader.open-threads = 'many'");
  }

  @Test
  void aMisspeltKeyIsRefusedNotIgnored() {
    conf.set("tezext.reader.open-ahaed", "4");
    assertThatThrownBy(() -> ReaderSettings.from(conf)).hasMessageContaining("unknown key tezext.reader.open-ahaed");
  }

  @Test
  void theDocsListEveryKeyAsDeclared() {
    assertThat(KeyTables.documented("reader.md", ReaderSettings.KEYS))
        .as("docs/reader.md's keys table; paste ReaderSettings.KEYS.markdownTable()")
        .isEqualTo(ReaderSettings.KEYS.markdownTable());
  }
}

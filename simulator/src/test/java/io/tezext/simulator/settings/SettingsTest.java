package io.tezext.simulator.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A section's values: whole numbers held exactly, each kind parsed and refused as its declaration says. */
class SettingsTest {
  private final SettingsSection section = new SettingsSection("t");
  private final LongSetting horizon = section.longSetting("horizonMs", 1000, 0, "a long");
  private final IntSetting slots = section.intSetting("slots", 4, 1, "an int");
  private final DoubleSetting share = section.doubleBelow("share", 0.5, 0, 1, "a share");
  private final BooleanSetting on = section.booleanSetting("on", false, "a flag");

  @Test
  void aLongAbove2To53IsHeldToTheLastDigit() throws Exception {
    long big = (1L << 53) + 1; // a double would round it to 2^53
    Settings s = section.defaults().withText("horizonMs", Long.toString(big));
    assertThat(s.get(horizon)).isEqualTo(big);
    assertThat(s.changed()).containsEntry("horizonMs", "9007199254740993");

    ObjectNode json = new ObjectMapper().createObjectNode();
    SettingsJson.write(s, json);
    assertThat(json.get("horizonMs").asLong()).isEqualTo(big);
    assertThat(section.defaults().with(horizon, Long.MAX_VALUE).get(horizon)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aWholeNumberMayBeWrittenAnyWayThatIsExact() {
    assertThat(section.defaults().withText("horizonMs", "2000.0").get(horizon)).isEqualTo(2000);
    assertThat(section.defaults().withText("horizonMs", "2e3").get(horizon)).isEqualTo(2000);
    assertThatThrownBy(() -> section.defaults().withText("horizonMs", "2.5"))
        .hasMessage("t.horizonMs = '2.5': expected a whole number, at least 0");
    assertThatThrownBy(() -> section.defaults().withText("slots", "lots"))
        .hasMessage("t.slots = 'lots': expected a whole number, at least 1");
    assertThatThrownBy(() -> section.defaults().withText("slots", "0"))
        .hasMessage("t.slots = '0': expected a whole number, at least 1");
  }

  @Test
  void numbersAndFlagsKeepTheirKinds() {
    Settings s = section.defaults().withText("share", "0.25").withText("on", "true").with(slots, 8);
    assertThat(s.get(share)).isEqualTo(0.25);
    assertThat(s.get(on)).isTrue();
    assertThat(s.get(slots)).isEqualTo(8);
    assertThat(s.changed()).isEqualTo(Map.of("share", "0.25", "on", "true", "slots", "8"));
    assertThat(s).isEqualTo(section.defaults().with(share, 0.25).with(on, true).with(slots, 8));
    assertThatThrownBy(() -> s.withText("share", "1")).hasMessage("t.share = '1': expected a number from 0 to 1, 1 excluded");
    assertThatThrownBy(() -> s.withText("on", "yes")).hasMessage("t.on = 'yes': expected true or false");
  }
}

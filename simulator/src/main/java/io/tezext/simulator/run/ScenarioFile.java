package io.tezext.simulator.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.io.HeapEstimate;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.JsonInput;
import io.tezext.simulator.scheduler.SchedulerSettingKeys;
import io.tezext.simulator.settings.Settings;
import io.tezext.simulator.settings.SettingsJson;

/**
 * Reads a scenario (cluster) file: the cluster's nodes or its uniform shape, queues, ResourceManager
 * behaviour, Tez AM behaviour and the Tez keys handed to the schedulers, injected failures. Every
 * field is optional and has the default documented in docs/simulator.md; an unknown field or a value
 * of the wrong type is an error naming the file, line and field ({@link JsonInput}), a value out of
 * range one naming the file, the section and the accepted range.
 */
public final class ScenarioFile {
  private ScenarioFile() {
  }

  /** Reads a scenario file; the seed comes from the command line. */
  public static Scenario read(Path file, long seed) {
    return toScenario(file.toString(), JsonInput.read(file, FileModel.class), seed);
  }

  /** Reads a scenario bundled with the simulator (for the demo). */
  public static Scenario readResource(String name, long seed) {
    try (InputStream in = ScenarioFile.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new InputFileException("no bundled scenario " + name);
      }
      return toScenario(name, JsonInput.read(name, in, FileModel.class), seed);
    } catch (IOException e) {
      throw new InputFileException(name + ": " + e.getMessage());
    }
  }

  private static Scenario toScenario(String file, FileModel m, long seed) {
    String section = "queues";
    try {
      List<QueueSpec> queues = new ArrayList<>();
      for (QueueModel q : m.queues) {
        queues.add(new QueueSpec(q.name, q.capacity, q.maxCapacity == null ? q.capacity : q.maxCapacity,
            q.userLimitFactor));
      }
      queues = ClusterSpec.checkedQueues(queues); // checked here, so that an error says 'queues'
      section = "nodes";
      ClusterSpec cluster;
      if (!m.nodes.isEmpty()) {
        if (m.racks != null || m.nodesPerRack != null) {
          throw new IllegalArgumentException("give either 'nodes' or 'racks' + 'nodesPerRack', not both");
        }
        List<NodeSpec> nodes = new ArrayList<>();
        for (NodeModel n : m.nodes) {
          nodes.add(new NodeSpec(n.host, n.rack, n.memoryMb == null ? m.nodeMemoryMb : n.memoryMb,
              n.vcores == null ? m.nodeVcores : n.vcores));
        }
        cluster = new ClusterSpec(nodes, queues, m.yarn);
      } else {
        int racks = m.racks == null ? 1 : m.racks;
        int nodesPerRack = m.nodesPerRack == null ? 10 : m.nodesPerRack;
        if (racks > 0 && nodesPerRack > 0) { // the model says what else is wrong
          HeapEstimate.ofThisJvm().requireRoomForNodes((long) racks * nodesPerRack, racks + " racks x "
              + nodesPerRack + " nodesPerRack");
        }
        cluster = ClusterSpec.uniform(racks, nodesPerRack, m.nodeMemoryMb, m.nodeVcores, queues, m.yarn);
      }
      section = "failures";
      List<Failures.NodeLoss> losses = new ArrayList<>();
      for (NodeLossModel l : m.failures.nodeLosses) {
        losses.add(new Failures.NodeLoss(l.host, l.atMs));
      }
      Failures failures = new Failures(losses, m.failures.containerFailureProbability);
      section = "tez.conf";
      SchedulerSettingKeys.checkForAny(m.tez.tezConf(), "keys the schedulers read");
      Simulation.schedulerConf(m.tez.tezConf()); // the keys the simulator pins, checked before anything runs
      section = "scenario";
      return new Scenario(cluster, m.tez, failures, seed, m.sampleIntervalMs);
    } catch (IllegalArgumentException e) {
      throw new InputFileException(file + ": in '" + section + "': " + e.getMessage());
    }
  }

  /**
   * Writes a scenario as a file {@link #read} reads back to the same scenario (the seed aside, which
   * comes from the command line), every setting spelled out, with {@code notes} for its reader.
   */
  public static void write(Scenario scenario, List<String> notes, Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = json.createObjectNode();
    ArrayNode noteArray = root.putArray("notes");
    notes.forEach(noteArray::add);
    ArrayNode nodes = root.putArray("nodes");
    for (NodeSpec n : scenario.cluster().nodes()) {
      nodes.addObject().put("host", n.host()).put("rack", n.rack()).put("memoryMb", n.memoryMb())
          .put("vcores", n.vcores());
    }
    ArrayNode queues = root.putArray("queues");
    for (QueueSpec q : scenario.cluster().queues()) {
      queues.addObject().put("name", q.name()).put("capacity", q.capacityPercent())
          .put("maxCapacity", q.maxCapacityPercent())
          .put("userLimitFactor", q.userLimitFactor());
    }
    SettingsJson.write(scenario.cluster().yarn().values(), root.putObject("yarn"));
    ObjectNode tez = root.putObject("tez");
    SettingsJson.write(scenario.am().values(), tez);
    ObjectNode conf = tez.putObject("conf");
    scenario.am().tezConf().forEach(conf::put);
    ObjectNode failures = root.putObject("failures");
    failures.put("containerFailureProbability", scenario.failures().containerFailureProbability());
    ArrayNode losses = failures.putArray("nodeLosses");
    scenario.failures().nodeLosses().forEach(l -> losses.addObject().put("host", l.host()).put("atMs", l.atMs()));
    root.put("sampleIntervalMs", scenario.sampleIntervalMs());
    json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }

  // The file's shape, with its defaults. Public fields for Jackson; not API.

  static final class FileModel {
    public Integer racks;
    public Integer nodesPerRack;
    public int nodeMemoryMb = NodeSpec.DEFAULT_MEMORY_MB;
    public int nodeVcores = NodeSpec.DEFAULT_VCORES;
    public List<NodeModel> nodes = List.of();
    public List<QueueModel> queues = List.of();

    public void setQueues(List<QueueModel> queues) {
      if (queues.isEmpty()) {
        throw new IllegalArgumentException("an empty list; leave 'queues' out for one queue, 'default', with all the "
            + "capacity, or list the queues");
      }
      this.queues = queues;
    }
    @JsonDeserialize(using = YarnSection.class)
    public YarnSettings yarn = YarnSettings.DEFAULTS;
    @JsonDeserialize(using = TezSection.class)
    public AmSettings tez = AmSettings.DEFAULTS;
    public FailuresModel failures = new FailuresModel();
    public long sampleIntervalMs = 60_000;
    /** Free text for whoever reads the file (calibrate writes what it measured); the simulator ignores it. */
    public List<String> notes = List.of();
  }

  static final class NodeModel {
    public String host;
    public String rack;
    public Integer memoryMb;
    public Integer vcores;
  }

  static final class QueueModel {
    public String name;
    public double capacity = 100;
    public Double maxCapacity;
    public double userLimitFactor = QueueSpec.DEFAULT_USER_LIMIT_FACTOR;
  }

  /** The {@code yarn} section: every field a {@link YarnSettings} setting. */
  static final class YarnSection extends JsonDeserializer<YarnSettings> {
    @Override
    public YarnSettings deserialize(JsonParser p, DeserializationContext context) throws IOException {
      return new YarnSettings(SettingsJson.read(YarnSettings.SECTION, p, context, (name, parser, c) -> false,
          List.of()));
    }
  }

  /** The {@code tez} section: {@link AmSettings} settings, and {@code conf}, the Tez keys for the schedulers. */
  static final class TezSection extends JsonDeserializer<AmSettings> {
    @Override
    public AmSettings deserialize(JsonParser p, DeserializationContext context) throws IOException {
      Map<String, String> conf = new LinkedHashMap<>();
      Settings values = SettingsJson.read(AmSettings.SECTION, p, context, (name, parser, c) -> {
        if (!name.equals("conf")) {
          return false;
        }
        conf.putAll(c.readValue(parser, c.getTypeFactory().constructMapType(LinkedHashMap.class, String.class,
            String.class)));
        return true;
      }, List.of("conf"));
      return new AmSettings(values, conf);
    }
  }

  static final class FailuresModel {
    public double containerFailureProbability;
    public List<NodeLossModel> nodeLosses = List.of();
  }

  static final class NodeLossModel {
    public String host;
    public long atMs;
  }
}

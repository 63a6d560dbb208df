package io.tezext.simulator.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;

/**
 * Reads a scenario (cluster) file: the cluster's nodes or its uniform shape, queues, ResourceManager
 * behaviour, Tez AM behaviour and the Tez keys handed to the schedulers, injected failures. Every
 * field is optional and has the default documented in docs/simulator.md; an unknown field, a value
 * of the wrong type or out of range is an error naming the file, the line and the field.
 */
public final class ScenarioFile {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ScenarioFile() {
  }

  /** Reads a scenario file; the seed comes from the command line. */
  public static Scenario read(Path file, long seed) {
    try (InputStream in = Files.newInputStream(file)) {
      return toScenario(file.toString(), JSON.readValue(in, FileModel.class), seed);
    } catch (NoSuchFileException e) {
      throw new ScenarioFileException(file + ": no such file");
    } catch (UnrecognizedPropertyException e) {
      throw new ScenarioFileException(where(file.toString(), e) + ": unknown field '" + e.getPropertyName()
          + "'; expected one of " + e.getKnownPropertyIds());
    } catch (JsonMappingException e) {
      throw new ScenarioFileException(where(file.toString(), e) + ": " + e.getOriginalMessage());
    } catch (JsonProcessingException e) {
      throw new ScenarioFileException(where(file.toString(), e) + ": not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new ScenarioFileException(file + ": cannot read: " + e.getMessage());
    }
  }

  /** Reads a scenario bundled with the simulator (for the demo and tests). */
  public static Scenario readResource(String name, long seed) {
    try (InputStream in = ScenarioFile.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new ScenarioFileException("no bundled scenario " + name);
      }
      return toScenario(name, JSON.readValue(in, FileModel.class), seed);
    } catch (IOException e) {
      throw new ScenarioFileException(name + ": " + e.getMessage());
    }
  }

  private static Scenario toScenario(String file, FileModel m, long seed) {
    String section = "queues";
    try {
      List<QueueSpec> queues = new ArrayList<>();
      for (QueueModel q : m.queues) {
        queues.add(new QueueSpec(q.name, q.capacity, q.maxCapacity == null ? q.capacity : q.maxCapacity));
      }
      section = "yarn";
      YarnModel y = m.yarn;
      YarnSettings yarn = new YarnSettings(y.nodeHeartbeatMs, y.nodeLocalityDelay, y.rackLocalityAdditionalDelay,
          y.dominantResources, y.preemption, y.preemptionIntervalMs, y.preemptionWaitMs, y.maxAmSharePercent);
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
        cluster = new ClusterSpec(nodes, queues, yarn);
      } else {
        cluster = ClusterSpec.uniform(m.racks == null ? 1 : m.racks, m.nodesPerRack == null ? 10 : m.nodesPerRack,
            m.nodeMemoryMb, m.nodeVcores, queues, yarn);
      }
      section = "tez";
      TezModel t = m.tez;
      AmSettings am = new AmSettings(t.amHeartbeatMs, t.amMemoryMb, t.amLaunchMs, t.containerLaunchMs,
          t.reuseLaunchMs, t.rackLocalPenalty, t.offSwitchPenalty, t.slowStartMinFraction, t.slowStartMaxFraction,
          t.shuffleOverlap, t.maxTaskAttempts, t.conf);
      section = "failures";
      List<Failures.NodeLoss> losses = new ArrayList<>();
      for (NodeLossModel l : m.failures.nodeLosses) {
        losses.add(new Failures.NodeLoss(l.host, l.atMs));
      }
      Failures failures = new Failures(losses, m.failures.containerFailureProbability);
      section = "scenario";
      return new Scenario(cluster, am, failures, seed, m.sampleIntervalMs);
    } catch (IllegalArgumentException e) {
      throw new ScenarioFileException(file + ": in '" + section + "': " + e.getMessage());
    }
  }

  private static String where(String file, JsonProcessingException e) {
    StringBuilder s = new StringBuilder(file);
    JsonLocation loc = e.getLocation();
    if (loc != null && loc.getLineNr() > 0) {
      s.append(" line ").append(loc.getLineNr()).append(" column ").append(loc.getColumnNr());
    }
    if (e instanceof JsonMappingException) {
      String path = path((JsonMappingException) e);
      if (!path.isEmpty()) {
        s.append(" at ").append(path);
      }
    }
    return s.toString();
  }

  private static String path(JsonMappingException e) {
    StringBuilder s = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        s.append(s.length() == 0 ? "" : ".").append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        s.append('[').append(r.getIndex()).append(']');
      }
    }
    return s.toString();
  }

  /** A scenario file is unreadable or invalid; the message says where and why. */
  public static final class ScenarioFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ScenarioFileException(String message) {
      super(message);
    }
  }

  // The file's shape, with its defaults. Public fields for Jackson; not API.

  static final class FileModel {
    public Integer racks;
    public Integer nodesPerRack;
    public int nodeMemoryMb = 65536;
    public int nodeVcores = 16;
    public List<NodeModel> nodes = List.of();
    public List<QueueModel> queues = List.of();
    public YarnModel yarn = new YarnModel();
    public TezModel tez = new TezModel();
    public FailuresModel failures = new FailuresModel();
    public long sampleIntervalMs = 60_000;
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
  }

  static final class YarnModel {
    private static final YarnSettings D = YarnSettings.DEFAULTS;
    public long nodeHeartbeatMs = D.nodeHeartbeatMs();
    public int nodeLocalityDelay = D.nodeLocalityDelay();
    public int rackLocalityAdditionalDelay = D.rackLocalityAdditionalDelay();
    public boolean dominantResources = D.dominantResources();
    public boolean preemption = D.preemption();
    public long preemptionIntervalMs = D.preemptionIntervalMs();
    public long preemptionWaitMs = D.preemptionWaitMs();
    public double maxAmSharePercent = D.maxAmSharePercent();
  }

  static final class TezModel {
    private static final AmSettings D = AmSettings.DEFAULTS;
    public long amHeartbeatMs = D.amHeartbeatMs();
    public int amMemoryMb = D.amMemoryMb();
    public long amLaunchMs = D.amLaunchMs();
    public long containerLaunchMs = D.containerLaunchMs();
    public long reuseLaunchMs = D.reuseLaunchMs();
    public double rackLocalPenalty = D.rackLocalPenalty();
    public double offSwitchPenalty = D.offSwitchPenalty();
    public double slowStartMinFraction = D.slowStartMinFraction();
    public double slowStartMaxFraction = D.slowStartMaxFraction();
    public double shuffleOverlap = D.shuffleOverlap();
    public int maxTaskAttempts = D.maxTaskAttempts();
    public Map<String, String> conf = new LinkedHashMap<>();
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

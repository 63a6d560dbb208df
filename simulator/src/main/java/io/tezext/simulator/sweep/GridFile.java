package io.tezext.simulator.sweep;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.JsonInput;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerKind;
import io.tezext.simulator.scheduler.SchedulerSettingKeys;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;

/**
 * Reads a sweep's grid file (docs/simulator-sweeps.md) and checks all of it before anything runs:
 * JSON errors name the line, column and field ({@link JsonInput}); every other error names the
 * field ({@code schedulers[1].vary}) and what was expected. Every key a grid sets or sweeps must be
 * one its scheduler reads, with a value it accepts ({@link SchedulerSettingKeys}): sweeping a key
 * the simulator does not model would draw a flat line and pick at random. Files are named relative
 * to the grid file.
 */
public final class GridFile {
  /** Held-out seeds when the grid names none: this many, after its largest tuning seed. */
  static final int DEFAULT_HELD_OUT_SEEDS = 2;
  /** More points than this is surely a mistake (a key swept over a hundred values, say). */
  static final int MAX_POINTS = 100_000;

  private final String file;
  private final Path dir;

  private GridFile(String file, Path dir) {
    this.file = file;
    this.dir = dir;
  }

  /** Reads and checks {@code path}. */
  public static Grid read(Path path) {
    FileModel m = JsonInput.read(path, FileModel.class);
    Path dir = path.toAbsolutePath().normalize().getParent();
    String name = m.name != null ? m.name : path.getFileName().toString().replaceFirst("\\.json$", "");
    return new GridFile(path.toString(), dir).check(m, name);
  }

  private Grid check(FileModel m, String name) {
    List<Path> scenarios = scenarios(m.scenarios);
    List<GridWorkload> workloads = workloads(required(m.workloads, "workloads", "a list of workloads"), "workloads");
    List<GridWorkload> heldOut = m.holdOut == null || m.holdOut.workloads == null ? List.of()
        : workloads(m.holdOut.workloads, "holdOut.workloads");
    Set<String> names = new HashSet<>();
    List<GridWorkload> all = new ArrayList<>(workloads);
    all.addAll(heldOut);
    for (int i = 0; i < all.size(); i++) {
      String field = i < workloads.size() ? "workloads[" + i + "]" : "holdOut.workloads[" + (i - workloads.size()) + "]";
      if (!names.add(all.get(i).name())) {
        throw error(field + ".name", "two workloads are named '" + all.get(i).name() + "'; give each its own 'name'");
      }
    }
    List<Long> seeds = seeds(m.seeds, "seeds");
    List<Long> heldOutSeeds;
    if (m.holdOut != null && m.holdOut.seeds != null) {
      heldOutSeeds = seeds(m.holdOut.seeds, "holdOut.seeds");
      if (heldOutSeeds.size() < 2) {
        throw error("holdOut.seeds", heldOutSeeds.size() + " seed; a confirmation needs at least 2 (an interval over "
            + "held-out seeds is what tells a real gain from a lucky draw)");
      }
      for (long s : heldOutSeeds) {
        if (seeds.contains(s)) {
          throw error("holdOut.seeds", "seed " + s + " is also a tuning seed; a held-out seed must be one the settings "
              + "were not chosen on");
        }
      }
    } else if (heldOut.isEmpty()) {
      long max = seeds.stream().mapToLong(Long::longValue).max().orElse(0);
      heldOutSeeds = new ArrayList<>();
      for (int i = 1; i <= DEFAULT_HELD_OUT_SEEDS; i++) {
        heldOutSeeds.add(max + i);
      }
    } else {
      heldOutSeeds = List.of();
    }
    if (m.objective == null) {
      throw error("objective", "missing; expected one of " + Objective.names());
    }
    Objective objective = at("objective", () -> Objective.fromGridName(m.objective));
    List<Constraint> constraints = new ArrayList<>();
    for (int i = 0; i < m.constraints.size(); i++) {
      ConstraintModel c = m.constraints.get(i);
      String field = "constraints[" + i + "]";
      if (c.figure == null) {
        throw error(field + ".figure", "missing; expected one of " + Objective.names());
      }
      if (c.maxWorsePercent == null) {
        throw error(field + ".maxWorsePercent", "missing; expected a percentage >= 0, as in 2 for 'no more than 2% "
            + "worse than the baseline'");
      }
      constraints.add(at(field, () -> new Constraint(Objective.fromGridName(c.figure), c.maxWorsePercent)));
    }
    List<SweptKey> swept = new ArrayList<>();
    List<Setting> settings = settings(required(m.schedulers, "schedulers", "a list of schedulers"), m.baseline, swept);
    for (int i = 0; i < scenarios.size(); i++) {
      Path scenario = scenarios.get(i);
      for (Setting s : settings) { // the keys the simulator pins, with each scenario's own tez.conf
        Map<String, String> conf = new LinkedHashMap<>(ScenarioConf.of(scenario));
        conf.putAll(s.conf());
        String where = "schedulers: setting " + s.id() + " " + s.description() + " on scenarios[" + i + "]";
        at(where, () -> Simulation.schedulerConf(conf));
      }
    }
    long points = (long) settings.size() * scenarios.size() * (workloads.size()) * seeds.size();
    if (points > MAX_POINTS) {
      throw error("schedulers", points + " grid points (" + settings.size() + " settings x " + scenarios.size()
          + " scenarios x " + workloads.size() + " workloads x " + seeds.size() + " seeds); at most " + MAX_POINTS);
    }
    return new Grid(name, scenarios, all, heldOut.size(), settings, seeds, heldOutSeeds, objective, constraints, swept);
  }

  private List<Path> scenarios(List<String> paths) {
    List<String> given = required(paths, "scenarios", "a list of scenario files");
    List<Path> scenarios = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      Path p = existing(given.get(i), "scenarios[" + i + "]", false);
      if (scenarios.contains(p)) {
        throw error("scenarios[" + i + "]", given.get(i) + " is listed twice");
      }
      scenarios.add(p);
    }
    return scenarios;
  }

  private List<GridWorkload> workloads(List<WorkloadModel> models, String field) {
    List<GridWorkload> workloads = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      workloads.add(workload(models.get(i), field + "[" + i + "]"));
    }
    return workloads;
  }

  private GridWorkload workload(WorkloadModel w, String field) {
    if ((w.file == null) == (w.synthetic == null)) {
      throw error(field, "give either 'file' (a workload run --workload reads) or 'synthetic' (generator options), "
          + "not " + (w.file == null ? "neither" : "both"));
    }
    if (!w.calibrate.equals("auto") && !w.calibrate.equals("off")) {
      throw error(field + ".calibrate", "expected auto or off, found '" + w.calibrate + "'");
    }
    if (w.skipBad && w.strict) {
      throw error(field, "'skipBad' and 'strict' exclude each other: give one of them");
    }
    if (w.synthetic != null) {
      if (w.name == null) {
        throw error(field + ".name", "missing; a synthetic workload needs a name for the tables");
      }
      SyntheticModel s = w.synthetic;
      SyntheticOptions d = SyntheticOptions.DEFAULTS;
      SyntheticOptions options = at(field + ".synthetic", () -> new SyntheticOptions(
          or(s.dags, d.dags()), or(s.interArrivalMs, d.meanInterArrivalMs()), d.shapeWeights(),
          or(s.minRootTasks, d.minRootTasks()), or(s.maxRootTasks, d.maxRootTasks()),
          or(s.medianTaskMs, d.medianTaskMs()), or(s.durationSigma, d.durationSigma()),
          or(s.objectStoreFraction, d.objectStoreFraction()), or(s.sessions, d.sessions()),
          s.queues == null ? d.queues() : s.queues));
      return new GridWorkload(w.name, null, "synthetic", false, false, false, options);
    }
    Path path = existing(w.file, field + ".file", true);
    at(field + ".format", () -> {
      if (w.format.equalsIgnoreCase("auto")) {
        try {
          return WorkloadFormat.detect(path);
        } catch (java.io.IOException e) {
          throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage());
        }
      }
      return WorkloadFormat.fromCliName(w.format);
    });
    String name = w.name != null ? w.name : path.getFileName().toString();
    return new GridWorkload(name, path, w.format, w.calibrate.equals("auto"), w.skipBad, w.strict, null);
  }

  private List<Setting> settings(List<SchedulerModel> models, SchedulerModel baselineModel, List<SweptKey> swept) {
    List<Setting> settings = new ArrayList<>();
    if (models.isEmpty()) {
      throw error("schedulers", "empty; expected at least one scheduler");
    }
    SchedulerModel base = baselineModel != null ? baselineModel : models.get(0);
    String baseField = baselineModel != null ? "baseline" : "schedulers[0]";
    SchedulerKind baseKind = kind(base, baseField);
    if (baselineModel != null && !baselineModel.vary.isEmpty()) {
      throw error("baseline.vary", "the baseline is one setting: give its keys in 'set'");
    }
    Map<String, String> baseConf = fixed(base, baseKind, baseField);
    at(baseField, () -> {
      SchedulerSettingKeys.check(baseKind, baseConf, "the baseline");
      return null;
    });
    settings.add(new Setting(0, baseKind, baseConf, List.of()));
    for (int i = 0; i < models.size(); i++) {
      SchedulerModel m = models.get(i);
      String field = "schedulers[" + i + "]";
      SchedulerKind kind = kind(m, field);
      Map<String, String> fixed = fixed(m, kind, field);
      List<String> keys = new ArrayList<>();
      List<List<String>> values = new ArrayList<>();
      for (Map.Entry<String, List<SettingValue>> e : m.vary.entrySet()) {
        String key = e.getKey();
        String keyField = field + ".vary." + key;
        if (e.getValue().isEmpty()) {
          throw error(keyField, "no values; expected a list of at least one value");
        }
        if (fixed.containsKey(key)) {
          throw error(keyField, "is also in " + field + ".set: sweep it or set it, not both");
        }
        List<String> vs = new ArrayList<>();
        for (SettingValue v : e.getValue()) {
          if (vs.contains(v.text())) {
            throw error(keyField, "value '" + v.text() + "' is listed twice");
          }
          at(keyField, () -> {
            SchedulerSettingKeys.check(kind, Map.of(key, v.text()), field + " (" + kind.cliName() + ")");
            return null;
          });
          vs.add(v.text());
        }
        keys.add(key);
        values.add(vs);
        swept.add(new SweptKey(kind, key, vs));
      }
      for (List<String> combination : cartesian(values)) {
        Map<String, String> conf = new LinkedHashMap<>(fixed);
        for (int k = 0; k < keys.size(); k++) {
          conf.put(keys.get(k), combination.get(k));
        }
        at(field, () -> {
          SchedulerSettingKeys.check(kind, conf, "the combination " + conf);
          return null;
        });
        if (settings.stream().noneMatch(s -> s.sameAs(kind, conf))) {
          settings.add(new Setting(settings.size(), kind, conf, keys));
        }
      }
    }
    return settings;
  }

  private SchedulerKind kind(SchedulerModel m, String field) {
    if (m.scheduler == null) {
      throw error(field + ".scheduler", "missing; expected one of "
          + String.join(", ", new SchedulerKind.Names()));
    }
    if (m.scheduler.trim().startsWith(io.tezext.simulator.scheduler.SchedulerSpec.CLASS_PREFIX)) {
      throw error(field + ".scheduler", "'" + m.scheduler + "': a sweep runs the schedulers whose keys the simulator "
          + "knows (" + String.join(", ", new SchedulerKind.Names()) + "); a class's keys cannot be checked");
    }
    if (m.scheduler.contains("(")) {
      throw error(field + ".scheduler", "'" + m.scheduler + "': give the scheduler's name only, and its keys in "
          + "'set' and 'vary'");
    }
    return at(field + ".scheduler", () -> SchedulerKind.fromCliName(m.scheduler));
  }

  private Map<String, String> fixed(SchedulerModel m, SchedulerKind kind, String field) {
    Map<String, String> conf = new LinkedHashMap<>();
    m.set.forEach((k, v) -> conf.put(k, v.text()));
    at(field + ".set", () -> {
      SchedulerSettingKeys.check(kind, conf, field + " (" + kind.cliName() + ")");
      return null;
    });
    return conf;
  }

  private List<Long> seeds(List<Long> given, String field) {
    if (given.isEmpty()) {
      throw error(field, "empty; expected at least one seed");
    }
    Set<Long> seen = new TreeSet<>();
    for (int i = 0; i < given.size(); i++) {
      if (!seen.add(given.get(i))) {
        throw error(field + "[" + i + "]", "seed " + given.get(i) + " is listed twice");
      }
    }
    return List.copyOf(given);
  }

  private Path existing(String given, String field, boolean directoryAllowed) {
    if (given.isBlank()) {
      throw error(field, "blank; expected a path (relative to the grid file)");
    }
    Path p = dir.resolve(given).normalize();
    if (!Files.exists(p)) {
      throw error(field, given + ": no such file (" + p + ")");
    }
    if (!directoryAllowed && Files.isDirectory(p)) {
      throw error(field, given + " is a directory; expected a file");
    }
    return p;
  }

  private static List<List<String>> cartesian(List<List<String>> values) {
    List<List<String>> out = new ArrayList<>();
    out.add(List.of());
    for (List<String> vs : values) {
      List<List<String>> next = new ArrayList<>();
      for (List<String> prefix : out) {
        for (String v : vs) {
          List<String> c = new ArrayList<>(prefix);
          c.add(v);
          next.add(c);
        }
      }
      out = next;
    }
    return out;
  }

  private <T> List<T> required(List<T> list, String field, String expected) {
    if (list == null) {
      throw error(field, "missing; expected " + expected);
    }
    return list;
  }

  private static <T> T or(T value, T fallback) {
    return value != null ? value : fallback;
  }

  private <T> T at(String field, java.util.function.Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw error(field, e.getMessage());
    } catch (InputFileException e) {
      throw new InputFileException(file + ": at " + field + ": " + e.getMessage());
    }
  }

  private InputFileException error(String field, String message) {
    return new InputFileException(file + ": at " + field + ": " + message);
  }

  /** A scenario's own {@code tez.conf}, read without a seed (only its keys matter here). */
  private static final class ScenarioConf {
    static Map<String, String> of(Path scenario) {
      return io.tezext.simulator.run.ScenarioFile.read(scenario, 0).am().tezConf();
    }
  }

  // The file's shape. Public fields for Jackson; not API.

  static final class FileModel {
    public String name;
    public List<String> notes = List.of();
    public List<String> scenarios;
    public List<WorkloadModel> workloads;
    public List<SchedulerModel> schedulers;
    public SchedulerModel baseline;
    public List<Long> seeds = List.of(1L);
    public HoldOutModel holdOut;
    public String objective;
    public List<ConstraintModel> constraints = List.of();
  }

  static final class WorkloadModel {
    public String name;
    public String file;
    public String format = "auto";
    public String calibrate = "auto";
    public boolean skipBad;
    public boolean strict;
    public SyntheticModel synthetic;
  }

  static final class SyntheticModel {
    public Integer dags;
    public Long interArrivalMs;
    public Integer minRootTasks;
    public Integer maxRootTasks;
    public Long medianTaskMs;
    public Double durationSigma;
    public Double objectStoreFraction;
    public Integer sessions;
    public List<String> queues;
  }

  static final class SchedulerModel {
    public String scheduler;
    public Map<String, SettingValue> set = new LinkedHashMap<>();
    public LinkedHashMap<String, List<SettingValue>> vary = new LinkedHashMap<>();
  }

  static final class HoldOutModel {
    public List<Long> seeds;
    public List<WorkloadModel> workloads;
  }

  static final class ConstraintModel {
    public String figure;
    public Double maxWorsePercent;
  }

  /** A key's value: a string, number or true/false in the file, a string for the scheduler. */
  record SettingValue(String text) {
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static SettingValue of(JsonNode node) {
      if (node.isTextual()) {
        return new SettingValue(node.textValue());
      }
      if (node.isBoolean() || node.isIntegralNumber()) {
        return new SettingValue(node.asText());
      }
      if (node.isNumber()) {
        return new SettingValue(node.decimalValue().stripTrailingZeros().toPlainString());
      }
      throw new IllegalArgumentException("expected a string, a number or true/false, found "
          + (node.isArray() ? "an array" : node.isObject() ? "an object" : node.getNodeType().name()
              .toLowerCase(Locale.ROOT)));
    }
  }
}

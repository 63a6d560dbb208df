package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scheduler to run, with settings of its own on top of the scenario's: {@code dagaware}, or
 * {@code dagaware(tez.am.container.reuse.enabled=false;tez.am.container.reuse.locality.delay-allocation-millis=1000)}.
 * The text is also the run's label in reports, so two settings of one scheduler can be compared;
 * {@code no-reuse=dagaware(tez.am.container.reuse.enabled=false)} gives it a shorter one.
 * A scheduler not in {@link SchedulerKind} can be named by class: {@code class:com.example.MyScheduler}
 * (see {@link SchedulerClass} for what such a class must offer).
 */
public record SchedulerSpec(String label, String name, String className, Map<String, String> conf) {
  /** Prefix naming a scheduler by class instead of by registered name. */
  public static final String CLASS_PREFIX = "class:";

  public SchedulerSpec {
    conf = Map.copyOf(conf);
  }

  /** Parses one spec; the error names the spec and what was expected. */
  public static SchedulerSpec parse(String text) {
    String spec = text.trim();
    String label = spec;
    int labelEnd = spec.indexOf('=');
    int paren = spec.indexOf('(');
    if (labelEnd > 0 && (paren < 0 || labelEnd < paren)) {
      label = spec.substring(0, labelEnd).trim();
      spec = spec.substring(labelEnd + 1).trim();
      if (!label.matches("[A-Za-z0-9_.-]+")) {
        throw new IllegalArgumentException("scheduler '" + text + "': label '" + label
            + "' may hold only letters, digits, '.', '_' and '-'");
      }
    }
    int open = spec.indexOf('(');
    if (open < 0) {
      return new SchedulerSpec(label, spec, classFor(spec), Map.of());
    }
    if (!spec.endsWith(")")) {
      throw new IllegalArgumentException("scheduler '" + text + "': settings must be closed with ')', as in "
          + "dagaware(tez.am.container.reuse.enabled=false)");
    }
    String name = spec.substring(0, open).trim();
    String className = classFor(name);
    Map<String, String> conf = new LinkedHashMap<>();
    for (String entry : spec.substring(open + 1, spec.length() - 1).split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int eq = entry.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("scheduler '" + text + "': setting '" + entry.trim()
            + "' is not key=value");
      }
      conf.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
    }
    if (!name.startsWith(CLASS_PREFIX)) { // a class of the user's reads what it reads
      SchedulerSettingKeys.check(SchedulerKind.fromCliName(name), conf, "scheduler '" + text + "'");
    }
    return new SchedulerSpec(label, name, className, conf);
  }

  private static String classFor(String name) {
    String className = name.startsWith(CLASS_PREFIX) ? name.substring(CLASS_PREFIX.length()).trim()
        : SchedulerKind.fromCliName(name).className();
    SchedulerClass.check(className);
    return className;
  }

  /** Parses a comma-separated list; commas inside parentheses belong to a spec. */
  public static List<SchedulerSpec> parseList(String text) {
    List<SchedulerSpec> specs = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        specs.add(parse(text.substring(start, i)));
        start = i + 1;
      }
    }
    specs.add(parse(text.substring(start)));
    Set<String> labels = new HashSet<>();
    for (SchedulerSpec s : specs) {
      if (!labels.add(s.label())) {
        throw new IllegalArgumentException("two schedulers are labelled '" + s.label() + "'; give each its own "
            + "label, as in 'a=" + s.name() + ",b=" + s.name() + "(...)'");
      }
    }
    return specs;
  }
}

package io.tezext.simulator.workload.alibaba;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The DAG the Alibaba 2018 trace encodes in a task's name: {@code M5_3_4} is task 5 of its job and
 * runs after tasks 3 and 4; the letters say the task kind (M, R, J, ...). A name without that shape
 * ({@code task_Nzg3...}, {@code MergeTask}) is a task with no dependencies.
 */
record TaskName(String name, int id, List<Integer> dependencies) {
  private static final Pattern DAG_NAME = Pattern.compile("[A-Za-z]+(\\d+)((?:_\\d+)*)");

  /** Whether the name places the task in its job's DAG. */
  boolean inDag() {
    return id >= 0;
  }

  static TaskName parse(String name) {
    Matcher m = DAG_NAME.matcher(name);
    if (!m.matches()) {
      return new TaskName(name, -1, List.of());
    }
    List<Integer> deps = new ArrayList<>();
    for (String d : m.group(2).split("_")) {
      if (!d.isEmpty()) {
        deps.add(number(d, name));
      }
    }
    return new TaskName(name, number(m.group(1), name), List.copyOf(deps));
  }

  private static int number(String digits, String name) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("task name '" + name + "': task number " + digits + " is too large");
    }
  }
}

package io.tezext.schedreal;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ResourceManager's container transitions ({@code RMContainerImpl} at INFO, the benchmark's
 * {@code rm-containers.log}), read back to see what the RM's preemption did for a session: of the
 * other application's containers it killed, how many the session got the room of.
 *
 * @param transitions every transition, in the log's order
 */
record RmContainerLog(List<Transition> transitions) {
  private static final Pattern LINE = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}) "
      + "(container_(?:e\\d+_)?(\\d+_\\d+)_\\d+_\\d+) Container Transitioned from (\\w+) to (\\w+)");
  private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
  /** How soon after a kill the session's allocation counts as taking the room it freed. */
  static final long SERVED_WITHIN_MS = 5_000;

  /** One transition: when, which container of which application ({@code <cluster>_<app number>}), from and to. */
  record Transition(long timeMs, String container, String app, String from, String to) {
  }

  /** What the kills of one run did: how many, and how many the session got the room of. */
  record Kills(int killed, int servedSession) {
    int inVain() {
      return killed - servedSession;
    }
  }

  static RmContainerLog parse(String log) {
    List<Transition> transitions = new ArrayList<>();
    for (String line : log.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (m.find()) {
        long time = LocalDateTime.parse(m.group(1), LOG_TIME).atZone(ZoneId.systemDefault()).toInstant()
            .toEpochMilli();
        transitions.add(new Transition(time, m.group(2), m.group(3), m.group(4), m.group(5)));
      }
    }
    return new RmContainerLog(transitions);
  }

  /**
   * The kills of {@code victimApp}'s containers (to KILLED) from {@code fromMs} to {@code toMs}, each
   * matched to the session's first container allocated within {@link #SERVED_WITHIN_MS} after it and
   * not matched to an earlier kill. Applications are named as YARN's ids end:
   * {@code application_<cluster>_<number>} gives {@code <cluster>_<number>}.
   */
  Kills kills(String victimApp, String sessionApp, long fromMs, long toMs) {
    List<Transition> allocations = new ArrayList<>();
    for (Transition t : transitions) {
      if (t.app().equals(sessionApp) && t.to().equals("ALLOCATED")) {
        allocations.add(t);
      }
    }
    int killed = 0;
    int served = 0;
    int next = 0;
    for (Transition t : transitions) {
      if (!t.app().equals(victimApp) || !t.to().equals("KILLED") || t.timeMs() < fromMs || t.timeMs() > toMs) {
        continue;
      }
      killed++;
      while (next < allocations.size() && allocations.get(next).timeMs() < t.timeMs()) {
        next++;
      }
      if (next < allocations.size() && allocations.get(next).timeMs() <= t.timeMs() + SERVED_WITHIN_MS) {
        served++;
        next++;
      }
    }
    return new Kills(killed, served);
  }

  /** {@code application_<cluster>_<number>} as the container ids carry it: {@code <cluster>_<number>}. */
  static String appKey(String applicationId) {
    return applicationId.substring("application_".length());
  }
}

package io.tezext.schedreal;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.tez.dag.app.rm.HeadroomProbeScheduler;

/**
 * What the ResourceManager told a probed AM ({@link HeadroomProbeScheduler}), read back from the AM's
 * log: the scheduling resource types it registered with, and each heartbeat's headroom.
 *
 * @param resourceTypes {@code RegisterApplicationMasterResponse.getSchedulerResourceTypes()} as logged
 * @param samples the heartbeats whose answer changed, in order
 */
record HeadroomLog(String resourceTypes, List<Sample> samples) {
  private static final Pattern REGISTERED = Pattern.compile(HeadroomProbeScheduler.MARK
      + " registered schedulerResourceTypes=(\\[[^]]*])");
  private static final Pattern HEADROOM = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}) .*"
      + HeadroomProbeScheduler.MARK + " headroomMemoryMb=(-?\\d+) headroomVcores=(-?\\d+) heldContainers=(-?\\d+)");
  private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

  /** One heartbeat's answer: when the AM logged it, the headroom, and the containers the AM then held. */
  record Sample(long timeMs, long memoryMb, int vcores, int heldContainers) {
  }

  static HeadroomLog parse(String amLog) {
    String types = null;
    List<Sample> samples = new ArrayList<>();
    for (String line : amLog.split("\n")) {
      Matcher r = REGISTERED.matcher(line);
      if (r.find()) {
        types = r.group(1);
      }
      Matcher h = HEADROOM.matcher(line);
      if (h.find()) {
        long time = LocalDateTime.parse(h.group(1), LOG_TIME).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        samples.add(new Sample(time, Long.parseLong(h.group(2)), Integer.parseInt(h.group(3)),
            Integer.parseInt(h.group(4))));
      }
    }
    if (types == null) {
      throw new IllegalArgumentException("the AM's log has no " + HeadroomProbeScheduler.MARK + " registration line: "
          + "did it run " + HeadroomProbeScheduler.class.getName() + "?");
    }
    return new HeadroomLog(types, samples);
  }

  /** How often each vcore headroom was reported, by value. */
  Map<Integer, Integer> vcoreValues() {
    Map<Integer, Integer> counts = new TreeMap<>();
    samples.forEach(s -> counts.merge(s.vcores(), 1, Integer::sum));
    return counts;
  }

  long minMemoryMb() {
    return samples.stream().mapToLong(Sample::memoryMb).min().orElse(0);
  }

  long maxMemoryMb() {
    return samples.stream().mapToLong(Sample::memoryMb).max().orElse(0);
  }
}

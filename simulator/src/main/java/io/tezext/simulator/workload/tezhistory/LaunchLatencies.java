package io.tezext.simulator.workload.tezhistory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The launch latencies recorded attempts saw, from container allocation to task start, in three
 * kinds: warm (a reused container), localizing (a new container on a node where the application had
 * not started a task yet, so the NodeManager was still downloading its resources) and cold (any other
 * new container). The simulator's launch model is calibrated from their medians.
 */
public record LaunchLatencies(long[] coldMs, long[] localizingMs, long[] warmMs) {

  /** One successful attempt as far as launching goes. */
  record Launch(String app, String host, String container, long allocationMs, long startMs) {
  }

  static LaunchLatencies of(List<Launch> launches) {
    Map<String, Long> firstStartInContainer = new HashMap<>();
    Map<String, Long> firstStartOnNode = new HashMap<>();
    for (Launch l : launches) {
      firstStartInContainer.merge(l.container(), l.startMs(), Math::min);
      firstStartOnNode.merge(l.app() + '@' + l.host(), l.startMs(), Math::min);
    }
    List<Long> cold = new ArrayList<>();
    List<Long> localizing = new ArrayList<>();
    List<Long> warm = new ArrayList<>();
    for (Launch l : launches) {
      long latency = l.startMs() - l.allocationMs();
      if (firstStartInContainer.get(l.container()) != l.startMs()) {
        warm.add(latency);
      } else if (l.allocationMs() < firstStartOnNode.get(l.app() + '@' + l.host())) {
        localizing.add(latency);
      } else {
        cold.add(latency);
      }
    }
    return new LaunchLatencies(toArray(cold), toArray(localizing), toArray(warm));
  }

  /** The median cold launch, or the median localizing one when every new container was the first on its node. */
  public long medianColdMs(long fallback) {
    return coldMs.length > 0 ? median(coldMs) : localizingMs.length > 0 ? median(localizingMs) : fallback;
  }

  /** How much longer a launch took while the application's resources were being localized; 0 if unknown. */
  public long medianLocalizationMs() {
    if (coldMs.length == 0 || localizingMs.length == 0) {
      return 0;
    }
    return Math.max(0, median(localizingMs) - median(coldMs));
  }

  public long medianWarmMs(long fallback) {
    return warmMs.length > 0 ? median(warmMs) : fallback;
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static long[] toArray(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).toArray();
  }
}

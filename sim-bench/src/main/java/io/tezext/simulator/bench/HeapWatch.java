package io.tezext.simulator.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * The most heap a benchmark's run held live: the heap in use right after each collection (what
 * survived it), at its largest. Eden's size before a young collection says nothing about what a
 * run needs, so it is not counted.
 */
final class HeapWatch implements NotificationListener, AutoCloseable {
  private final AtomicLong peakBytes = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();

  HeapWatch() {
    System.gc();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(this, null, null);
        emitters.add(emitter);
      }
    }
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    long used = 0;
    for (MemoryUsage usage : info.getGcInfo().getMemoryUsageAfterGc().values()) {
      used += usage.getUsed();
    }
    peakBytes.accumulateAndGet(used, Math::max);
  }

  /** Peak live heap so far, in MB; collects once first so that the end of the run is counted too. */
  long peakLiveMb() {
    System.gc();
    return peakBytes.get() >> 20;
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // already gone
      }
    }
  }
}

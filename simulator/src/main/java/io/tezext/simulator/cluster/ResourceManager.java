package io.tezext.simulator.cluster;

import static io.tezext.simulator.cluster.YarnSettings.DOMINANT_RESOURCES;
import static io.tezext.simulator.cluster.YarnSettings.MAX_AM_SHARE_PERCENT;
import static io.tezext.simulator.cluster.YarnSettings.MAX_OFF_SWITCH_PER_HEARTBEAT;
import static io.tezext.simulator.cluster.YarnSettings.NODE_HEARTBEAT_MS;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;

/**
 * A CapacityScheduler-like ResourceManager in virtual time. Every node heartbeat is one scheduling
 * opportunity: the node is offered to queues least-served first, and within a queue to applications
 * in submission order, each at its highest-priority outstanding ask. An application that could only
 * take the node at a worse locality than it asked for waits (delay scheduling, counted in missed
 * opportunities) and the node goes to the next application. AM containers are placed before task
 * containers, within each queue's AM share.
 *
 * <p>All NodeManagers heartbeat on a common grid; a round visits them in an order that rotates
 * every round, so no node is always first. Rounds run only while some application is waiting.
 */
public final class ResourceManager {
  private static final Comparator<RmQueue> LEAST_SERVED_FIRST =
      Comparator.comparingDouble(RmQueue::usedShare).thenComparing(RmQueue::name);

  private final EventLoop loop;
  private final YarnSettings yarn;
  private final List<RmNode> nodes = new ArrayList<>();
  private final Map<String, RmNode> nodesByHost = new HashMap<>();
  private final Set<String> racks = new HashSet<>();
  private final Map<String, RmQueue> queues = new LinkedHashMap<>();
  private final List<RmQueue> queueList = new ArrayList<>();
  private final Map<Long, RmContainer> liveContainers = new HashMap<>();
  private final ClusterObserver observer;
  private final RmPreemptionMonitor preemption;
  private long nextContainerId = 1;
  private long submitted;
  private int liveNodes;
  private long liveMemoryMb;
  private int liveVcores;
  private long usedVcores;
  private boolean roundScheduled;
  private int rotation;
  private int offSwitchThisHeartbeat;

  /**
   * A resource manager for the cluster {@code spec}; {@code seed} draws what YARN leaves to chance
   * (the preemption monitor's phase, when the scenario asks for it drawn).
   */
  public ResourceManager(EventLoop loop, ClusterSpec spec, ClusterObserver observer, long seed) {
    this.loop = loop;
    this.yarn = spec.yarn();
    this.observer = observer;
    for (NodeSpec n : spec.nodes()) {
      RmNode node = new RmNode(n, nodes.size());
      nodes.add(node);
      nodesByHost.put(n.host(), node);
      racks.add(n.rack());
      liveMemoryMb += n.memoryMb();
      liveVcores += n.vcores();
    }
    liveNodes = nodes.size();
    for (QueueSpec q : spec.queues()) {
      queues.put(q.name(), new RmQueue(q));
    }
    queueList.addAll(queues.values());
    resizeQueues();
    this.preemption = yarn.get(PREEMPTION) ? new RmPreemptionMonitor(this, loop, yarn, seed) : null;
  }

  /** Submits an application; the listener hears when its AM container is placed. */
  public RmApp submit(String appId, String queueName, int amMemoryMb, int amVcores,
      RmApp.AmContainerListener listener) {
    RmQueue queue = queues.get(queueName);
    if (queue == null) {
      throw new IllegalArgumentException("application " + appId + " names queue '" + queueName
          + "', which the cluster does not have (queues: " + queues.keySet() + ")");
    }
    RmApp app = new RmApp(appId, queue, submitted++, amMemoryMb, amVcores, listener);
    queue.apps.add(app);
    queue.waitingAms++;
    requestRound();
    return app;
  }

  /** One AM-RM heartbeat: takes the AM's changed asks and releases, returns what happened since. */
  public Exchange heartbeat(RmApp app, Collection<AskUpdate> asks, Collection<Long> releases) {
    if (app.finished) {
      throw new IllegalStateException("application " + app.id() + " heartbeat after it finished");
    }
    for (AskUpdate u : asks) {
      boolean isRack = racks.contains(u.location());
      app.ask(u, isRack ? null : nodesByHost.get(u.location()), isRack);
    }
    for (Long id : releases) {
      RmContainer c = app.live.get(id);
      if (c != null) { // releasing what already completed is harmless, as in YARN
        complete(c, ContainerExit.RELEASED);
      }
    }
    List<RmContainer> allocated = app.newlyAllocated;
    List<RmContainer> completed = app.newlyCompleted;
    List<RmNode> lost = app.newlyLostNodes;
    app.newlyAllocated = new ArrayList<>();
    app.newlyCompleted = new ArrayList<>();
    app.newlyLostNodes = new ArrayList<>();
    if (app.hasPendingAsks()) {
      requestRound();
    }
    Headroom headroom = Headroom.of(app.queue(), app, freeMemoryMb(), freeVcores(), liveMemoryMb, liveVcores, yarn);
    return new Exchange(allocated, completed, lost, headroom.memoryMb(), headroom.vcores(), liveNodes);
  }

  /**
   * What the applications of a queue wait for, as of their last heartbeats: what the RM's client
   * protocol reports as the queue's pending memory ({@code YarnClient#getQueueInfo},
   * {@code QueueStatistics#getPendingMemoryMB}).
   */
  public long queuePendingMemoryMb(String queueName) {
    RmQueue queue = queues.get(queueName);
    if (queue == null) {
      throw new IllegalArgumentException("no queue '" + queueName + "' (queues: " + queues.keySet() + ")");
    }
    return queue.pendingMemoryMb();
  }

  /** The application ended: everything it still holds, AM included, is freed. */
  public void finish(RmApp app) {
    for (RmContainer c : new ArrayList<>(app.live.values())) {
      complete(c, ContainerExit.RELEASED);
    }
    if (app.waitingForAm()) {
      app.queue().waitingAms--;
    }
    app.finished = true;
    app.clearAsks();
    app.queue().apps.remove(app);
  }

  /** A NodeManager is lost: its containers complete as NODE_LOST and its capacity is gone. */
  public void loseNode(String host) {
    RmNode node = nodesByHost.get(host);
    if (node == null) {
      throw new IllegalArgumentException("cannot lose node " + host + ": the cluster has no such node");
    }
    if (!node.isAlive()) {
      return;
    }
    for (RmContainer c : node.containers()) {
      complete(c, ContainerExit.NODE_LOST);
    }
    node.markLost();
    observer.nodeLost(node, loop.now());
    for (RmQueue q : queueList) {
      for (RmApp app : q.apps) {
        if (app.amContainer != null) {
          app.nodeLost(node); // YARN reports a node's change to every running application
        }
      }
    }
    liveNodes--;
    liveMemoryMb -= node.spec().memoryMb();
    liveVcores -= node.spec().vcores();
    resizeQueues();
  }

  /** A container's process dies (injected failure). */
  public void failContainer(long containerId) {
    RmContainer c = liveContainers.get(containerId);
    if (c != null) {
      complete(c, ContainerExit.FAILED);
    }
  }

  void preempt(RmContainer c) {
    if (!c.isCompleted()) {
      complete(c, ContainerExit.PREEMPTED);
    }
  }

  private void complete(RmContainer c, ContainerExit why) {
    c.complete(why, loop.now());
    c.node().remove(c);
    liveContainers.remove(c.id());
    RmApp app = c.app();
    app.live.remove(c.id());
    app.usedMemoryMb -= c.memoryMb();
    app.usedVcores -= c.vcores();
    if (c.node().isAlive()) {
      usedVcores -= c.vcores();
    }
    RmQueue q = app.queue();
    q.usedMemoryMb -= c.memoryMb();
    q.usedVcores -= c.vcores();
    if (c.isAmContainer()) {
      q.amUsedMemoryMb -= c.memoryMb();
    } else if (!app.finished) {
      app.completed(c);
    }
    observer.containerCompleted(c);
    requestRound();
  }

  private void requestRound() {
    if (roundScheduled || !hasDemand()) {
      return;
    }
    long hb = yarn.get(NODE_HEARTBEAT_MS);
    loop.at((loop.now() / hb + 1) * hb, Phase.NODE_HEARTBEAT, this::round);
    roundScheduled = true;
  }

  private boolean hasDemand() {
    for (int i = 0; i < queueList.size(); i++) {
      if (queueList.get(i).hasDemand()) {
        return true;
      }
    }
    return false;
  }

  private void round() {
    roundScheduled = false;
    int n = nodes.size();
    List<RmQueue> order = new ArrayList<>(queues.values());
    for (int i = 0; i < n && hasDemand(); i++) {
      RmNode node = nodes.get((rotation + i) % n);
      if (node.isAlive() && node.freeMemoryMb() > 0) {
        offer(node, order);
      }
    }
    rotation = (rotation + 1) % n;
    requestRound();
  }

  /**
   * Offers one node until nobody takes anything more from it, or until it has given the off-switch
   * containers one heartbeat may give: after that, like the CapacityScheduler, it gives nothing more
   * this heartbeat.
   */
  private void offer(RmNode node, List<RmQueue> order) {
    offSwitchThisHeartbeat = 0;
    boolean placed = true;
    while (placed && node.freeMemoryMb() > 0 && offSwitchThisHeartbeat < yarn.get(MAX_OFF_SWITCH_PER_HEARTBEAT)) {
      order.sort(LEAST_SERVED_FIRST);
      placed = placeAm(node, order) || placeTask(node, order);
    }
  }

  private boolean placeAm(RmNode node, List<RmQueue> order) {
    for (RmQueue q : order) {
      if (q.waitingAms == 0) {
        continue;
      }
      long amLimit = Math.max((long) (q.maxMemoryMb * yarn.get(MAX_AM_SHARE_PERCENT) / 100), 1);
      for (RmApp app : q.apps) {
        if (app.waitingForAm() && node.fits(app.amMemoryMb(), app.amVcores(), yarn.get(DOMINANT_RESOURCES))
            && q.canTake(app, app.amMemoryMb(), app.amVcores(), yarn.get(DOMINANT_RESOURCES))
            && (q.amUsedMemoryMb == 0 || q.amUsedMemoryMb + app.amMemoryMb() <= amLimit)) {
          RmContainer c = allocate(app, node, new AskKey(0, app.amMemoryMb(), app.amVcores()), true);
          offSwitchThisHeartbeat++; // an AM asks for any node
          app.amContainer = c;
          q.waitingAms--;
          q.amUsedMemoryMb += c.memoryMb();
          app.listener().amContainerAllocated(c);
          return true;
        }
      }
    }
    return false;
  }

  private boolean placeTask(RmNode node, List<RmQueue> order) {
    for (RmQueue q : order) {
      for (RmApp app : q.demanding.values()) {
        if (app.amContainer == null) {
          continue;
        }
        // The application's highest-priority ask that may ever use this node is considered; one
        // that waits for locality holds the node back from the application's lower priorities.
        for (Map.Entry<AskKey, PendingAsks> e : app.pendingInOrder()) {
          AskKey key = e.getKey();
          PendingAsks pending = e.getValue();
          pending.missedOpportunity();
          if (pending.excludes(node)) {
            continue;
          }
          if (q.canTake(app, key.memoryMb(), key.vcores(), yarn.get(DOMINANT_RESOURCES)) && node.fits(key.memoryMb(), key.vcores(), yarn.get(DOMINANT_RESOURCES))) {
            PendingAsks.Locality locality = pending.allowed(node, liveNodes, yarn);
            if (locality != null) {
              if (locality == PendingAsks.Locality.OFF_SWITCH) {
                offSwitchThisHeartbeat++;
              }
              pending.allocated(node, locality);
              app.track(key, pending);
              app.allocated(allocate(app, node, key, false));
              return true;
            }
          }
          break;
        }
      }
    }
    return false;
  }

  private RmContainer allocate(RmApp app, RmNode node, AskKey key, boolean am) {
    RmContainer c = new RmContainer(nextContainerId++, app, node, key, loop.now(), am);
    int memoryMb = key.memoryMb();
    int vcores = key.vcores();
    node.add(c);
    liveContainers.put(c.id(), c);
    app.live.put(c.id(), c);
    app.usedMemoryMb += memoryMb;
    app.usedVcores += vcores;
    usedVcores += vcores;
    app.queue().usedMemoryMb += memoryMb;
    app.queue().usedVcores += vcores;
    if (preemption != null) {
      preemption.containerAllocated();
    }
    observer.containerAllocated(c);
    return c;
  }

  private void resizeQueues() {
    for (RmQueue q : queues.values()) {
      q.resize(liveMemoryMb, liveVcores);
    }
  }

  Collection<RmQueue> queues() {
    return queues.values();
  }

  public long freeMemoryMb() {
    long used = 0;
    for (RmQueue q : queues.values()) {
      used += q.usedMemoryMb;
    }
    return liveMemoryMb - used;
  }

  public long freeVcores() {
    return liveVcores - usedVcores;
  }

  /** Whether the RM schedules vcores as well as memory (the dominant-resource calculator), as it tells AMs. */
  public boolean schedulesVcores() {
    return yarn.get(DOMINANT_RESOURCES);
  }

  public int liveNodes() {
    return liveNodes;
  }

  public long liveMemoryMb() {
    return liveMemoryMb;
  }

  public long liveVcores() {
    return liveVcores;
  }

  public List<RmNode> nodes() {
    return nodes;
  }

  public RmNode node(String host) {
    return nodesByHost.get(host);
  }

  public boolean isRack(String location) {
    return racks.contains(location);
  }

  /** The live container with this id, or null once it has completed. */
  public RmContainer container(long id) {
    return liveContainers.get(id);
  }

  public Collection<RmContainer> liveContainers() {
    return liveContainers.values();
  }
}

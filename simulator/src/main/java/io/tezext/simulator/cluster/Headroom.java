package io.tezext.simulator.cluster;

/**
 * The headroom a CapacityScheduler reports to an application on every heartbeat
 * ({@code AllocateResponse#getAvailableResources}), worked out as Hadoop 3.4's leaf queue does
 * (AbstractLeafQueue#getHeadroom, UsersManager#computeUserLimit, CapacityHeadroomProvider):
 * <ol>
 *   <li>what the user may still take: its limit (the queue's guarantee while the queue is under it,
 *       then what the queue uses plus one minimum allocation, at most the guarantee times the user
 *       limit factor) less what it holds; and what the queue may still take: its maximum less its
 *       use; the smaller of the two, component by component, rounded down to the minimum allocation;</li>
 *   <li>the cluster's unallocated resources instead, when the resource calculator finds them
 *       smaller;</li>
 *   <li>memory no lower than 0.</li>
 * </ol>
 * With the default resource calculator the rounding in (1) is by memory alone and leaves 1 vcore
 * whenever memory is left (0 otherwise), and (2) compares memory alone; when the cluster's free
 * memory is the smaller, its free vcores come with it, and those go below 0 when containers have
 * overcommitted nodes' vcores, which that calculator does not prevent. An AM whose fit check
 * compares vcores (YARN's client does, whatever resource types the RM names) then sees no room.
 */
record Headroom(long memoryMb, int vcores) {

  static Headroom of(RmQueue queue, RmApp app, long clusterFreeMb, long clusterFreeVcores, long clusterMb,
      long clusterVcores, YarnSettings yarn) {
    if (yarn.get(YarnSettings.HEADROOM_IGNORES_QUEUE_LIMIT)) {
      return new Headroom(Math.max(0, clusterFreeMb), clampToInt(clusterFreeVcores));
    }
    long step = yarn.get(YarnSettings.MINIMUM_ALLOCATION_MB);
    long userLimitMb = Math.min(queue.usedMemoryMb < queue.guaranteedMemoryMb ? queue.guaranteedMemoryMb
        : queue.usedMemoryMb + step, queue.userLimitMemoryMb);
    long limitMb = Math.max(0, Math.min(userLimitMb - app.usedMemoryMb, queue.maxMemoryMb - queue.usedMemoryMb));
    limitMb = limitMb / step * step;
    boolean dominant = yarn.get(YarnSettings.DOMINANT_RESOURCES);
    long limitVcores;
    boolean clusterSmaller;
    if (dominant) {
      long userLimitVcores = Math.min(queue.usedVcores < queue.guaranteedVcores ? queue.guaranteedVcores
          : queue.usedVcores + 1, queue.userLimitVcores);
      limitVcores = Math.max(0, Math.min(userLimitVcores - app.usedVcores, queue.maxVcores - queue.usedVcores));
      clusterSmaller = dominantShare(clusterFreeMb, clusterFreeVcores, clusterMb, clusterVcores)
          <= dominantShare(limitMb, limitVcores, clusterMb, clusterVcores);
    } else {
      limitVcores = limitMb > 0 ? 1 : 0;
      clusterSmaller = clusterFreeMb <= limitMb;
    }
    return clusterSmaller ? new Headroom(Math.max(0, clusterFreeMb), clampToInt(clusterFreeVcores))
        : new Headroom(limitMb, clampToInt(limitVcores));
  }

  private static double dominantShare(long mb, long vcores, long clusterMb, long clusterVcores) {
    return Math.max(clusterMb == 0 ? 0 : (double) mb / clusterMb, clusterVcores == 0 ? 0 : (double) vcores / clusterVcores);
  }

  private static int clampToInt(long v) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
  }
}

package io.tezext.simulator.cluster;

import java.util.List;

/**
 * What one AM-RM heartbeat brings back: containers allocated and containers completed since the
 * last one, nodes lost since the last one, and the application's headroom.
 */
public record Exchange(List<RmContainer> allocated, List<RmContainer> completed, List<RmNode> lostNodes,
    long headroomMemoryMb, int headroomVcores, int clusterNodes) {
}

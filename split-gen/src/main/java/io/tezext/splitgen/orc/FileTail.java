package io.tezext.splitgen.orc;

import java.util.List;

import io.tezext.splitgen.plan.Stripe;

/**
 * An ORC file's tail as read for planning: its stripes and rows, its serialized tail ({@code
 * OrcProto.FileTail}, what a task can be handed instead of reading it again), the writer version,
 * and the length and modification time it was read from, so that a task can check the file is
 * still the one its split was planned on.
 */
public record FileTail(String path, long length, long modificationTime, byte[] serializedTail, List<Stripe> stripes,
    long rows, String writerVersion) {
}

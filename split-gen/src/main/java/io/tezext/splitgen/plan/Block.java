package io.tezext.splitgen.plan;

import java.util.List;

/** A block of a file as the file system reports it: its byte range and the hosts holding a replica. */
public record Block(long offset, long length, List<String> hosts) {
  public Block {
    hosts = List.copyOf(hosts);
  }

  public long end() {
    return offset + length;
  }
}

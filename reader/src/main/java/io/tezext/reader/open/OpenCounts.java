package io.tezext.reader.open;

/** What an {@link OpenAhead} did: opens started, opens finished, readers closed without being read. */
public final class OpenCounts {
  int started;
  int finished;
  int closedUnread;

  OpenCounts copy() {
    OpenCounts c = new OpenCounts();
    c.started = started;
    c.finished = finished;
    c.closedUnread = closedUnread;
    return c;
  }

  public int started() {
    return started;
  }

  public int finished() {
    return finished;
  }

  public int closedUnread() {
    return closedUnread;
  }

  @Override
  public String toString() {
    return started + " opens started, " + finished + " finished, " + closedUnread + " closed unread";
  }
}

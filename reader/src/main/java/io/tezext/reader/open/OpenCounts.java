package io.tezext.reader.open;

/**
 * What an {@link OpenAhead} did: opens started, opens finished, readers closed without being read
 * (including those whose open was still running when the read closed: counted then, closed when
 * the open returns).
 */
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

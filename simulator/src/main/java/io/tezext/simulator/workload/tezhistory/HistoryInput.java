package io.tezext.simulator.workload.tezhistory;

import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Recorded Tez history in one of the forms users have, delivered as timeline entities one by one.
 * A form is one class: {@link SimpleHistoryFiles}, {@link AtsZipFiles}, {@link ProtoHistoryFiles}.
 */
public interface HistoryInput {
  /** A short name for the workload (the file or directory name). */
  String name();

  /** What was read, for the report's notes. */
  String describe();

  void read(Sink sink) throws IOException;

  /** Receives the entities, each with where it was found (file, line or entry). */
  interface Sink {
    void entity(JsonNode entity, String where);

    /** A record that is not an entity at all (not JSON, say). */
    void unreadable(String where, String why);

    /** A file that holds nothing (created, never written): left out, and counted in the notes. */
    void empty(String file);
  }
}

package io.tezext.simulator.workload.tezhistory;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.JsonNesting;

/**
 * What {@code SimpleHistoryLoggingService} writes under {@code tez.simple.history.logging.dir}: one
 * JSON entity per line (each line ends with a \u0001 separator), per application attempt. A file,
 * or a directory of {@code history.txt.*} files.
 */
public record SimpleHistoryFiles(Path fileOrDir) implements HistoryInput {
  private static final ObjectMapper JSON = JsonNesting.newMapper();

  /** True if the path is such a file, or a directory holding some: its first record is an entity. */
  public static boolean looksLikeHistory(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      return !files(path).isEmpty();
    }
    try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      char[] head = new char[256];
      int n = in.read(head);
      String start = n <= 0 ? "" : new String(head, 0, n).replaceAll("\\s", "");
      return start.startsWith("{\"entity\"");
    }
  }

  @Override
  public String name() {
    return fileOrDir.getFileName().toString();
  }

  @Override
  public String describe() {
    return "Tez simple history " + fileOrDir;
  }

  @Override
  public void read(Sink sink) throws IOException {
    for (Path file : files(fileOrDir)) {
      try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
          number++;
          String record = line.replace("\u0001", "").trim();
          if (record.isEmpty()) {
            continue;
          }
          String where = file + " line " + number;
          try {
            sink.entity(JSON.readTree(record), where);
          } catch (JsonProcessingException e) {
            sink.unreadable(where, "not valid JSON: " + e.getOriginalMessage());
          }
        }
      }
    }
  }

  private static List<Path> files(Path fileOrDir) throws IOException {
    if (!Files.isDirectory(fileOrDir)) {
      return List.of(fileOrDir);
    }
    try (Stream<Path> s = Files.list(fileOrDir)) {
      List<Path> files = s.filter(p -> p.getFileName().toString().startsWith("history.txt")).sorted().toList();
      files.forEach(FileAccess::requireFileOrDirectory); // a pipe among them would block the read
      return files;
    }
  }
}

package io.tezext.simulator.workload.tezhistory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.JsonNesting;


/**
 * The zip Tez's {@code ATSImportTool} downloads for one DAG from the YARN timeline server (ATS v1):
 * an entry named after the DAG id holding {@code {"application": …, "dag": …}}, then
 * {@code part-*.json} entries holding {@code {"vertices": […]}}, {@code {"tasks": […]}} or
 * {@code {"task_attempts": […]}}. Each timeline entity there carries all of its events. A zip, or a
 * directory of them (one per DAG).
 */
public record AtsZipFiles(Path fileOrDir) implements HistoryInput {
  private static final ObjectMapper JSON = JsonNesting.newMapper();
  private static final List<String> PART_ARRAYS = List.of("vertices", "tasks", "task_attempts");

  /** True if the path is a zip holding a DAG entry, or a directory of zips. */
  public static boolean looksLikeAtsZip(Path path) throws IOException {
    // Any zip of the directory that opens decides: a download cut short among good ones is then
    // read, and named, as one that is not a zip, instead of hiding the others.
    String damaged = null;
    List<Path> zips = zips(path);
    for (Path zipPath : zips) {
      try (ZipFile zip = new ZipFile(zipPath.toFile())) {
        return Collections.list(zip.entries()).stream().anyMatch(e -> e.getName().startsWith("dag_"));
      } catch (ZipException e) {
        damaged = damaged != null ? damaged : zipPath + ": not a zip file, or one cut short (" + e.getMessage() + ")";
      }
    }
    if (damaged != null && Files.isDirectory(path)) {
      throw new InputFileException(damaged + (zips.size() == 1 ? "" : "; nor do the directory's "
          + (zips.size() - 1) + " other zips open"));
    }
    return false;
  }

  @Override
  public String name() {
    return fileOrDir.getFileName().toString();
  }

  @Override
  public String describe() {
    return "Tez history downloaded from the timeline server (ATSImportTool) " + fileOrDir;
  }

  @Override
  public void read(Sink sink) throws IOException {
    for (Path file : zips(fileOrDir)) {
      try (ZipFile zip = new ZipFile(file.toFile())) {
        for (ZipEntry entry : Collections.list(zip.entries())) {
          if (!entry.isDirectory()) {
            readEntry(zip, entry, file + "!" + entry.getName(), sink);
          }
        }
      } catch (ZipException e) {
        // --skip-bad skips it
        sink.unreadable(file.toString(), "not a zip file, or one cut short (" + e.getMessage() + ")");
      }
    }
  }

  private static void readEntry(ZipFile zip, ZipEntry entry, String where, Sink sink) throws IOException {
    JsonNode root;
    try (InputStream in = zip.getInputStream(entry)) {
      root = JSON.readTree(in);
    } catch (JsonProcessingException e) {
      sink.unreadable(where, "not valid JSON: " + e.getOriginalMessage());
      return;
    }
    if (root == null || !root.isObject()) {
      sink.unreadable(where, "expected a JSON object with 'dag' or one of " + PART_ARRAYS);
      return;
    }
    boolean known = false;
    for (String single : List.of("application", "dag")) {
      if (root.hasNonNull(single)) {
        known = true;
        sink.entity(root.get(single), where + " " + single);
      }
    }
    for (String array : PART_ARRAYS) {
      JsonNode entities = root.get(array);
      if (entities != null && entities.isArray()) {
        known = true;
        for (int i = 0; i < entities.size(); i++) {
          sink.entity(entities.get(i), where + " " + array + "[" + i + "]");
        }
      }
    }
    if (!known) {
      List<String> found = new ArrayList<>();
      root.fieldNames().forEachRemaining(found::add);
      sink.unreadable(where, "expected 'application' and 'dag', or one of " + PART_ARRAYS + "; found " + found);
    }
  }

  private static List<Path> zips(Path fileOrDir) throws IOException {
    if (!Files.isDirectory(fileOrDir)) {
      return fileOrDir.getFileName().toString().endsWith(".zip") ? List.of(fileOrDir) : List.of();
    }
    try (Stream<Path> s = Files.list(fileOrDir)) {
      List<Path> zips = s.filter(p -> p.getFileName().toString().endsWith(".zip")).sorted().toList();
      zips.forEach(FileAccess::requireFileOrDirectory); // a pipe among them would block the read
      return zips;
    }
  }
}

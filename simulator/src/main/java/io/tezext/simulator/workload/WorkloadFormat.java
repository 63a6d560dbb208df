package io.tezext.simulator.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.workload.json.WorkloadJson;
import io.tezext.simulator.workload.tezhistory.AtsZipFiles;
import io.tezext.simulator.workload.tezhistory.SimpleHistoryFiles;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * The workload inputs {@code --workload} reads, by the name {@code --workload-format} takes. Adding a
 * trace format is one package under {@code workload} and one constant here.
 */
public enum WorkloadFormat {
  TEZEXT("tezext", "the simulator's own workload file (docs/simulator-workloads.md)") {
    @Override
    public Workload read(Path path, boolean skipBad, List<String> skipped) {
      return WorkloadJson.read(path);
    }
  },
  TEZ_SIMPLE_HISTORY("tez-simple-history",
      "Tez SimpleHistoryLoggingService output (tez.simple.history.logging.dir): a file or a directory") {
    @Override
    public Workload read(Path path, boolean skipBad, List<String> skipped) throws IOException {
      return TezHistoryReader.read(new SimpleHistoryFiles(path), skipBad, skipped);
    }
  },
  TEZ_ATS_ZIP("tez-ats-zip",
      "the zip Tez's ATSImportTool downloads per DAG from the YARN timeline server: a zip or a directory of them") {
    @Override
    public Workload read(Path path, boolean skipBad, List<String> skipped) throws IOException {
      return TezHistoryReader.read(new AtsZipFiles(path), skipBad, skipped);
    }
  };

  private final String cliName;
  private final String description;

  WorkloadFormat(String cliName, String description) {
    this.cliName = cliName;
    this.description = description;
  }

  /** Reads the workload; with {@code skipBad}, unusable records are skipped and listed in {@code skipped}. */
  public abstract Workload read(Path path, boolean skipBad, List<String> skipped) throws IOException;

  public String cliName() {
    return cliName;
  }

  public String description() {
    return description;
  }

  /** Tells the format from the input itself. */
  public static WorkloadFormat detect(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new InputFileException(path + ": no such file or directory");
    }
    if (AtsZipFiles.looksLikeAtsZip(path)) {
      return TEZ_ATS_ZIP;
    }
    return SimpleHistoryFiles.looksLikeHistory(path) ? TEZ_SIMPLE_HISTORY : TEZEXT;
  }

  public static WorkloadFormat fromCliName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(f -> f.cliName.equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown workload format '" + name + "'; known formats: auto, "
            + Arrays.stream(values()).map(WorkloadFormat::cliName).collect(Collectors.joining(", "))));
  }
}

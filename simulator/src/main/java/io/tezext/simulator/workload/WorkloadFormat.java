package io.tezext.simulator.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.workload.alibaba.AlibabaTrace;
import io.tezext.simulator.workload.json.WorkloadJson;
import io.tezext.simulator.workload.sls.SlsTrace;
import io.tezext.simulator.workload.tezhistory.AtsZipFiles;
import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.SimpleHistoryFiles;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * The workload inputs {@code --workload} reads, by the name {@code --workload-format} takes. Adding a
 * trace format is one package under {@code workload} and one constant here.
 */
public enum WorkloadFormat {
  TEZEXT("tezext", "the simulator's own workload file (docs/simulator-workloads.md)") {
    @Override
    public Workload read(Path path, ReadContext context) {
      return WorkloadJson.read(path, context.badRecords());
    }
  },
  TEZ_SIMPLE_HISTORY("tez-simple-history",
      "Tez SimpleHistoryLoggingService output (tez.simple.history.logging.dir): a file or a directory") {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return history(new SimpleHistoryFiles(path), context);
    }
  },
  TEZ_ATS_ZIP("tez-ats-zip",
      "the zip Tez's ATSImportTool downloads per DAG from the YARN timeline server: a zip or a directory of them") {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return history(new AtsZipFiles(path), context);
    }
  },
  TEZ_PROTO_HISTORY("tez-proto-history",
      "Tez ProtoHistoryLoggingService output (tez.history.logging.proto-base-dir): the base directory, "
          + "its dag_data/app_data trees, or one SequenceFile") {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return history(new ProtoHistoryFiles(path), context);
    }
  },
  ALIBABA_2018("alibaba-2018",
      "Alibaba cluster-trace-v2018 batch_task.csv (or .gz), with batch_instance.csv beside it if present: "
          + "the file or its directory") {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return AlibabaTrace.read(path, context);
    }
  },
  SLS("sls", "a Hadoop Scheduler Load Simulator (SLS) JSON trace") {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return SlsTrace.read(path, context);
    }
  };

  private final String cliName;
  private final String description;

  WorkloadFormat(String cliName, String description) {
    this.cliName = cliName;
    this.description = description;
  }

  /** Reads the workload; records it cannot use fail the read or, when the context says so, are skipped and listed. */
  public abstract Workload read(Path path, ReadContext context) throws IOException;

  private static Workload history(HistoryInput input, ReadContext context) throws IOException {
    return TezHistoryReader.read(input, context.badRecords().skip(), context.badRecords().skipped());
  }

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
    if (ProtoHistoryFiles.looksLikeProtoHistory(path)) {
      return TEZ_PROTO_HISTORY;
    }
    if (AlibabaTrace.looksLikeTrace(path)) {
      return ALIBABA_2018;
    }
    if (SimpleHistoryFiles.looksLikeHistory(path)) {
      return TEZ_SIMPLE_HISTORY;
    }
    return SlsTrace.looksLikeTrace(path) ? SLS : TEZEXT;
  }

  public static WorkloadFormat fromCliName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(f -> f.cliName.equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown workload format '" + name + "'; known formats: auto, "
            + Arrays.stream(values()).map(WorkloadFormat::cliName).collect(Collectors.joining(", "))));
  }
}

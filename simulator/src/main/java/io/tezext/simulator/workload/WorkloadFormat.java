package io.tezext.simulator.workload;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.tezext.simulator.io.FileAccess;
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
  // Constants in the order detection tries them; the simulator's own file is what is left.
  TEZ_ATS_ZIP("tez-ats-zip",
      "the zip Tez's ATSImportTool downloads per DAG from the YARN timeline server: a zip or a directory of them",
      AtsZipFiles::looksLikeAtsZip) {
    @Override
    public HistoryInput historyInput(Path path) {
      return new AtsZipFiles(path);
    }
  },
  TEZ_PROTO_HISTORY("tez-proto-history",
      "Tez ProtoHistoryLoggingService output (tez.history.logging.proto-base-dir): the base directory, "
          + "its dag_data/app_data trees, or one SequenceFile", ProtoHistoryFiles::looksLikeProtoHistory) {
    @Override
    public HistoryInput historyInput(Path path) {
      return new ProtoHistoryFiles(path);
    }
  },
  ALIBABA_2018("alibaba-2018",
      "Alibaba cluster-trace-v2018 batch_task.csv (or .gz), with batch_instance.csv beside it if present: "
          + "the file or its directory", AlibabaTrace::looksLikeTrace) {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return AlibabaTrace.read(path, context);
    }
  },
  TEZ_SIMPLE_HISTORY("tez-simple-history",
      "Tez SimpleHistoryLoggingService output (tez.simple.history.logging.dir): a file or a directory",
      SimpleHistoryFiles::looksLikeHistory) {
    @Override
    public HistoryInput historyInput(Path path) {
      return new SimpleHistoryFiles(path);
    }
  },
  SLS("sls", "a Hadoop Scheduler Load Simulator (SLS) JSON trace", SlsTrace::looksLikeTrace) {
    @Override
    public Workload read(Path path, ReadContext context) throws IOException {
      return SlsTrace.read(path, context);
    }
  },
  TEZEXT("tezext", "the simulator's own workload file (docs/simulator-workloads.md)", path -> true) {
    @Override
    public Workload read(Path path, ReadContext context) {
      return WorkloadJson.read(path, context.badRecords(), context.cluster().hosts());
    }
  };

  /** Tells whether an input is in a format. */
  @FunctionalInterface
  interface Detector {
    boolean matches(Path path) throws IOException;
  }

  private final String cliName;
  private final String description;

  private final Detector detector;

  WorkloadFormat(String cliName, String description, Detector detector) {
    this.cliName = cliName;
    this.description = description;
    this.detector = detector;
  }

  /** Reads the workload; records it cannot use fail the read or, when the context says so, are skipped and listed. */
  public Workload read(Path path, ReadContext context) throws IOException {
    return TezHistoryReader.readHistory(historyInput(path), context.badRecords()).workload();
  }

  /** For a form of Tez history, its files, which also tell how the DAGs ran (calibration); otherwise null. */
  public HistoryInput historyInput(Path path) {
    return null;
  }

  public String cliName() {
    return cliName;
  }

  public String description() {
    return description;
  }

  /** Tells the format from the input itself: the first whose detector recognizes it. */
  public static WorkloadFormat detect(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new InputFileException(path + ": no such file or directory");
    }
    FileAccess.requireFileOrDirectory(path);
    for (WorkloadFormat f : values()) {
      if (f == TEZEXT) {
        break;
      }
      try {
        if (f.detector.matches(path)) {
          return f;
        }
      } catch (CharacterCodingException e) {
        // not text this format's detector can read: not this format
      } catch (IOException e) {
        throw new InputFileException(path + ": cannot read: " + FileAccess.why(e));
      }
    }
    if (Files.isDirectory(path)) {
      throw new InputFileException(path + ": a directory holding no workload the simulator reads; it reads "
          + Arrays.stream(values()).filter(f -> f != TEZEXT).map(f -> f.cliName + " (" + f.description + ")")
          .collect(Collectors.joining("; ")));
    }
    return TEZEXT; // what is left is read as the simulator's own file, which says what it is if it is not one
  }

  /** The names {@code --workload-format} takes, for help texts. */
  public static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>(List.of("auto"));
      Arrays.stream(values()).map(WorkloadFormat::cliName).forEach(names::add);
      return names.iterator();
    }
  }

  public static WorkloadFormat fromCliName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(f -> f.cliName.equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown workload format '" + name + "'; known formats: auto, "
            + Arrays.stream(values()).map(WorkloadFormat::cliName).collect(Collectors.joining(", "))));
  }
}

package io.tezext.bench.reader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.hadoop.mapred.split.TezGroupedSplitsInputFormat;
import org.apache.orc.mapred.OrcInputFormat;
import org.apache.orc.mapred.OrcStruct;

import io.tezext.bench.Stopwatch;
import io.tezext.benchkit.AlternatingTiming;
import io.tezext.reader.mapred.OrderedGroupedInputFormat;
import io.tezext.reader.mapred.OrderedGroupedRecordReader;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

/** One read of the whole grouped split by one contender, on a latency file system of its own. */
final class GroupedRead {
  /** Who reads. */
  enum Contender { OURS, TEZ_SEQUENTIAL, TEZ_ASYNC }

  /** What one read did: rows, wall time, requests, streams left open. */
  record Result(Contender who, long rows, double seconds, long requests, int streamsLeftOpen, long peakOpenStreams)
      implements AlternatingTiming.SelfTimed {
  }

  private static long runs;

  private GroupedRead() {
  }

  static TezGroupedSplit group(List<Path> files, String authority) throws IOException {
    List<InputSplit> splits = new ArrayList<>();
    long length = 0;
    for (Path file : files) {
      long size = Files.size(file);
      splits.add(new FileSplit(LatencyFileSystem.path(authority, file), 0, size, new String[0]));
      length += size;
    }
    return new TezGroupedSplit(splits, OrcInputFormat.class.getName(), new String[0], null, length);
  }

  static Result read(Contender who, List<Path> files, long latencyMs, int k, int threads) throws Exception {
    String authority = "bench-" + who.name().toLowerCase(java.util.Locale.ROOT) + "-" + (++runs);
    JobConf job = new JobConf(false);
    LatencyFileSystem.configure(job, authority, LatencyModel.fixed(latencyMs));
    TezGroupedSplit group = group(files, authority);
    RecordReader<NullWritable, OrcStruct> reader;
    long start = Stopwatch.nanos();
    switch (who) {
      case OURS -> {
        job.setInt("tezext.reader.open-ahead", k);
        job.setInt("tezext.reader.open-threads", threads);
        reader = new OrderedGroupedInputFormat<NullWritable, OrcStruct>().getRecordReader(group, job, Reporter.NULL);
      }
      default -> {
        job.setInt("tez.grouping.split.init.recordreaders", who == Contender.TEZ_ASYNC ? k : 1);
        job.setInt("tez.grouping.split.init.threads", threads);
        TezGroupedSplitsInputFormat<NullWritable, OrcStruct> tez = new TezGroupedSplitsInputFormat<>();
        tez.setConf(job);
        reader = tez.getRecordReader(group, job, Reporter.NULL);
      }
    }
    long rows = 0;
    try {
      NullWritable key = reader.createKey();
      OrcStruct value = reader.createValue();
      while (reader.next(key, value)) {
        rows++;
      }
    } finally {
      reader.close();
    }
    double seconds = (Stopwatch.nanos() - start) / 1e9;
    if (reader instanceof OrderedGroupedRecordReader<?, ?> ours) {
      ours.awaitQuiet(60_000);
    }
    Requests requests = LatencyFileSystem.requests(authority);
    return new Result(who, rows, seconds, requests.total(), requests.openStreams().size(),
        requests.peakOpenStreams());
  }

  /** The requests one file's open makes, and those its rows' reading makes after it, read alone. */
  static long[] callsPerOpenAndRead(Path file) throws IOException {
    String authority = "bench-calls-" + (++runs);
    JobConf job = new JobConf(false);
    LatencyFileSystem.configure(job, authority, LatencyModel.NONE);
    Requests requests = LatencyFileSystem.requests(authority);
    FileSplit split = new FileSplit(LatencyFileSystem.path(authority, file), 0, Files.size(file), new String[0]);
    RecordReader<NullWritable, OrcStruct> reader = new OrcInputFormat<OrcStruct>().getRecordReader(split, job,
        Reporter.NULL);
    long opening = requests.total();
    NullWritable key = reader.createKey();
    OrcStruct value = reader.createValue();
    while (reader.next(key, value)) {
      // every row
    }
    reader.close();
    return new long[] {opening, requests.total() - opening};
  }
}

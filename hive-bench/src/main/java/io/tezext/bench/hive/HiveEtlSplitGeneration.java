package io.tezext.bench.hive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.orc.OrcInputFormat;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.testkit.SuppressForbidden;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

/**
 * Hive 4.1.0's own ORC split generation, as {@code HiveSplitGenerator} runs it in the AM for a table
 * scan: {@code OrcInputFormat.getSplits} with the ETL strategy (every file's footer read), on a pool
 * of the given size, its footer cache off so that every run reads every footer. Started by
 * {@code bench/run splitgen} in a JVM of its own (hive-exec's ORC 2.1 is not ours).
 *
 * <p>Arguments: {@code TABLE WARMUP_TABLE LATENCY_MS THREADS REPEATS}: local directories, read
 * under the test kit's latency file system (one authority per run, so each run's requests are its
 * own). Prints one JSON line: each run's seconds, splits and requests by kind.
 */
public final class HiveEtlSplitGeneration {
  private HiveEtlSplitGeneration() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      throw new IllegalArgumentException("usage: TABLE WARMUP_TABLE LATENCY_MS THREADS REPEATS");
    }
    java.nio.file.Path table = java.nio.file.Path.of(args[0]);
    java.nio.file.Path warmup = java.nio.file.Path.of(args[1]);
    long latencyMs = Long.parseLong(args[2]);
    int threads = Integer.parseInt(args[3]);
    int repeats = Integer.parseInt(args[4]);

    plan(warmup, "hive-warmup", latencyMs, threads); // class loading, Hive's static pool made at this size
    List<Map<String, Object>> runs = new ArrayList<>();
    for (int r = 0; r < repeats; r++) {
      runs.add(plan(table, "hive-" + r, latencyMs, threads));
    }
    System.out.println(new ObjectMapper().writeValueAsString(Map.of("runs", runs)));
  }

  private static Map<String, Object> plan(java.nio.file.Path table, String authority, long latencyMs, int threads)
      throws Exception {
    JobConf job = new JobConf();
    LatencyFileSystem.configure(job, authority, LatencyModel.fixed(latencyMs));
    FileInputFormat.setInputPaths(job, new Path[] {LatencyFileSystem.path(authority, table)});
    job.setBoolean("mapreduce.input.fileinputformat.input.dir.recursive", true); // the partitions below the root
    job.set("hive.exec.orc.split.strategy", "ETL");
    job.setInt("hive.compute.splits.num.threads", threads);
    job.set("hive.orc.cache.stripe.details.mem.size", "0"); // a cold footer cache: every run reads every footer
    Requests requests = LatencyFileSystem.requests(authority);
    long start = nanoTime();
    InputSplit[] splits = new OrcInputFormat().getSplits(job, 1);
    double seconds = (nanoTime() - start) / 1e9;
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("seconds", seconds);
    run.put("splits", splits.length);
    Map<String, Long> byKind = new LinkedHashMap<>();
    for (Requests.Kind kind : Requests.Kind.values()) {
      byKind.put(kind.name().toLowerCase(java.util.Locale.ROOT), requests.of(kind));
    }
    run.put("requests", byKind);
    return run;
  }

  @SuppressForbidden("a benchmark times real split generation")
  private static long nanoTime() {
    return System.nanoTime();
  }
}

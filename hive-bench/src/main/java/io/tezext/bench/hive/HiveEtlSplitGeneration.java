package io.tezext.bench.hive;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
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
 * {@code bench/run splitgen} in a JVM of its own (hive-exec's ORC 2.1 is not ours), which it serves
 * as one contender among the others: the benchmark asks for one run at a time, in its turn.
 *
 * <p>Arguments: {@code TABLE WARMUP_TABLE LATENCY_MS THREADS}: local directories, read under the
 * test kit's latency file system (one authority per run, so each run's requests are its own). It
 * plans the warm-up table, prints {@code ready}, then for each line {@code plan} on standard input
 * plans the table once and prints one JSON line: the run's seconds, splits and requests by kind.
 * It ends when its input does.
 */
public final class HiveEtlSplitGeneration {
  private HiveEtlSplitGeneration() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      throw new IllegalArgumentException("usage: TABLE WARMUP_TABLE LATENCY_MS THREADS, then 'plan' lines on stdin");
    }
    java.nio.file.Path table = java.nio.file.Path.of(args[0]);
    java.nio.file.Path warmup = java.nio.file.Path.of(args[1]);
    long latencyMs = Long.parseLong(args[2]);
    int threads = Integer.parseInt(args[3]);

    plan(warmup, "hive-warmup", latencyMs, threads); // class loading, Hive's static pool made at this size
    System.out.println("ready");
    System.out.flush();
    ObjectMapper json = new ObjectMapper();
    BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    int run = 0;
    for (String line = commands.readLine(); line != null; line = commands.readLine()) {
      if (!line.equals("plan")) {
        throw new IllegalArgumentException("expected 'plan' on standard input, got '" + line + "'");
      }
      System.out.println(json.writeValueAsString(plan(table, "hive-" + run++, latencyMs, threads)));
      System.out.flush();
    }
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

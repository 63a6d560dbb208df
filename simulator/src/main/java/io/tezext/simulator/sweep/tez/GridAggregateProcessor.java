package io.tezext.simulator.sweep.tez;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueReader;
import org.apache.tez.runtime.library.processor.SimpleProcessor;

import io.tezext.simulator.sweep.ResultCollector;

/**
 * The sweep's last task: takes every result line the grid slices sent, keeps one per grid point
 * ({@link ResultCollector}: a retried or speculative slice may send a point twice), and writes them
 * in id order to the results file on the cluster's file system, through a file of its own attempt
 * renamed into place, so that a failed attempt leaves no partial results behind.
 */
public final class GridAggregateProcessor extends SimpleProcessor {
  static final String INPUT = "slices";
  static final String RECEIVED = "RESULTS_RECEIVED";
  static final String DUPLICATES = "DUPLICATES_DROPPED";

  public GridAggregateProcessor(ProcessorContext context) {
    super(context);
  }

  @Override
  public void run() throws Exception {
    ProcessorContext context = getContext();
    SliceSpec spec = SliceSpec.fromBytes(context.getUserPayload().deepCopyAsArray());
    KeyValueReader in = (KeyValueReader) getInputs().get(INPUT).getReader();
    ResultCollector results = new ResultCollector();
    while (in.next()) {
      results.add(in.getCurrentKey().toString(), in.getCurrentValue().toString());
      context.getCounters().findCounter(GridSliceProcessor.COUNTERS, RECEIVED).increment(1);
    }
    context.getCounters().findCounter(GridSliceProcessor.COUNTERS, DUPLICATES).increment(results.duplicates());
    Path target = new Path(spec.results());
    FileSystem fs = target.getFileSystem(new Configuration());
    Path attempt = new Path(target.getParent(), "." + target.getName() + ".attempt-" + context.getTaskAttemptNumber());
    try (OutputStream out = fs.create(attempt, true)) {
      for (String line : results.lines()) {
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
      }
    }
    fs.delete(target, false);
    if (!fs.rename(attempt, target)) {
      throw new java.io.IOException("cannot rename " + attempt + " to " + target);
    }
  }
}

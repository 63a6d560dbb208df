package io.tezext.simulator.sweep.tez;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.hadoop.io.Text;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueWriter;
import org.apache.tez.runtime.library.processor.SimpleProcessor;

import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.PointRunner;

/**
 * A task of the sweep's first vertex: runs its slice of the grid's points, one after another, with
 * the simulator it was shipped, and sends each point's canonical result line, keyed by the point's
 * id, to the aggregating vertex. Counts points done as it goes (the client's progress), and whether
 * it loaded the simulator from the jar the sweep shipped.
 */
public final class GridSliceProcessor extends SimpleProcessor {
  static final String OUTPUT = "aggregate";
  static final String COUNTERS = "tezext.sweep";
  static final String POINTS_DONE = "POINTS_DONE";
  static final String FROM_SHIPPED_JAR = "TASKS_WITH_SIMULATOR_FROM_SHIPPED_JAR";
  static final String FROM_ELSEWHERE = "TASKS_WITH_SIMULATOR_FROM_ELSEWHERE";

  public GridSliceProcessor(ProcessorContext context) {
    super(context);
  }

  @Override
  public void run() throws Exception {
    // The schedulers under test log every assignment at INFO: millions of lines in a task's log.
    Logger.getLogger("org.apache.tez.dag.app.rm").setLevel(Level.WARN);
    Logger.getLogger("io.tezext.scheduler").setLevel(Level.WARN);
    ProcessorContext context = getContext();
    SliceSpec spec = SliceSpec.fromBytes(context.getUserPayload().deepCopyAsArray());
    String source = String.valueOf(GridSliceProcessor.class.getProtectionDomain().getCodeSource().getLocation());
    context.getCounters().findCounter(COUNTERS, source.endsWith("/" + SweepJar.LINK_NAME) ? FROM_SHIPPED_JAR
        : FROM_ELSEWHERE).increment(1);
    KeyValueWriter out = (KeyValueWriter) getOutputs().get(OUTPUT).getWriter();
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    PointRunner runner = new PointRunner(spec.inputs(), 2, err, StopSignal.NEVER);
    List<GridPoint> mine = spec.slice(context.getTaskIndex());
    int done = 0;
    for (GridPoint p : mine) {
      PointResult r = runner.run(p);
      out.write(new Text(p.id()), new Text(r.line()));
      context.getCounters().findCounter(COUNTERS, POINTS_DONE).increment(1);
      context.notifyProgress();
      done++;
      if (spec.failSlice() == context.getTaskIndex() && context.getTaskAttemptNumber() == 0 && done == 1
          && mine.size() > 1) {
        throw new IllegalStateException("test: grid slice " + context.getTaskIndex() + " fails its first attempt "
            + "after its first grid point (--test-fail-slice)");
      }
    }
  }
}

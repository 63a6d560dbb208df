package io.tezext.simulator.am;

import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.tez.serviceplugins.api.TaskScheduler;

import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.metrics.CpuMeter;
import io.tezext.simulator.metrics.RunRecorder;
import io.tezext.simulator.metrics.WallClock;

/**
 * The scheduler under test as one simulated AM calls it: every call is charged to the scheduler
 * (CPU and wall time, host measurements) and a failure inside it is reported with the AM and the
 * virtual time it happened at.
 */
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
final class MeteredScheduler {
  private final String appId;
  private final EventLoop loop;
  private final RunRecorder recorder;
  private final CpuMeter cpu;
  final TaskScheduler scheduler;
  final AMRMClientAsync.CallbackHandler heartbeats;

  MeteredScheduler(String appId, AmEnvironment env, TaskScheduler scheduler,
      AMRMClientAsync.CallbackHandler heartbeats) {
    this.appId = appId;
    this.loop = env.loop();
    this.recorder = env.recorder();
    this.cpu = env.cpu();
    this.scheduler = scheduler;
    this.heartbeats = heartbeats;
  }

  void call(Call call) {
    long cpuStart = cpu.now();
    long wallStart = WallClock.nanos();
    try {
      call.run();
    } catch (Exception e) {
      throw new IllegalStateException("scheduler of " + appId + " failed at " + loop.now() + " ms", e);
    } finally {
      recorder.schedulerCall(cpu.now() - cpuStart, WallClock.nanos() - wallStart);
    }
  }

  @FunctionalInterface
  interface Call {
    void run() throws Exception;
  }
}

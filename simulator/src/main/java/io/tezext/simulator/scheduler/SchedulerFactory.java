package io.tezext.simulator.scheduler;

import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

/**
 * Builds one scheduler under test for one simulated AM, wired to virtual time: its clock, its
 * executor for timers, and a YARN client backed by the simulated ResourceManager.
 */
@FunctionalInterface
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
public interface SchedulerFactory {

  Instance create(TaskSchedulerContext context, LongSupplier clock, ScheduledExecutorService executor,
      SimulatedAmRmClient<?> client);

  /** The scheduler and the object that takes its AM-RM heartbeat callbacks (often the same). */
  record Instance(TaskScheduler scheduler, AMRMClientAsync.CallbackHandler heartbeatCallbacks) {
  }
}

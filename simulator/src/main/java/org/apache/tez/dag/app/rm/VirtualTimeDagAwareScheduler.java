package org.apache.tez.dag.app.rm;

import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

/**
 * Tez's own {@link DagAwareYarnTaskScheduler}, unchanged, with its three seams pointed at the
 * simulator: {@code now()} reads virtual time, {@code createExecutor()} schedules on the event loop,
 * and its AM-RM client talks to the simulated ResourceManager without starting the async client's
 * heartbeat and handler threads (the simulator calls the heartbeat callbacks itself).
 *
 * <p>It lives in Tez's package only because {@code initialize(AMRMClientAsyncWrapper)} and the
 * wrapper are package-private there, which is also how Tez's own tests drive it. It overrides no
 * scheduling logic.
 */
public final class VirtualTimeDagAwareScheduler extends DagAwareYarnTaskScheduler {
  private final LongSupplier clock;
  private final ScheduledExecutorService executor;
  private final AMRMClient<? extends ContainerRequest> client;

  public VirtualTimeDagAwareScheduler(TaskSchedulerContext context, LongSupplier clock,
      ScheduledExecutorService executor, AMRMClient<? extends ContainerRequest> client) {
    super(context);
    this.clock = clock;
    this.executor = executor;
    this.client = client;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void initialize() throws Exception {
    initialize(new ThreadlessClient((AMRMClient<TaskRequest>) client, this));
  }

  @Override
  protected long now() {
    return clock.getAsLong();
  }

  @Override
  protected ScheduledExecutorService createExecutor() {
    return executor;
  }

  /** The async wrapper minus its threads: the simulator delivers heartbeats in virtual time. */
  @SuppressWarnings("deprecation") // the wrapper Tez defines takes the deprecated CallbackHandler
  private static final class ThreadlessClient extends AMRMClientAsyncWrapper {
    ThreadlessClient(AMRMClient<TaskRequest> syncClient, CallbackHandler handler) {
      super(syncClient, 1000, handler);
    }

    @Override
    protected void serviceStart() {
      client.start();
    }

    @Override
    protected void serviceStop() {
      client.stop();
    }

    @Override
    public RegisterApplicationMasterResponse registerApplicationMaster(String host, int port, String url)
        throws org.apache.hadoop.yarn.exceptions.YarnException, java.io.IOException {
      return client.registerApplicationMaster(host, port, url);
    }
  }
}

package io.tezext.simulator.scheduler;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

/**
 * A scheduler named by class on the command line ({@code class:com.example.MyScheduler}). A plugin's
 * usual constructor takes only a {@code TaskSchedulerContext} and builds its own YARN client with
 * threads and a wall clock, which cannot be simulated; so the simulator requires the constructor a
 * virtual-time-ready scheduler offers:
 *
 * <pre>{@code
 * public MyScheduler(TaskSchedulerContext context, LongSupplier clock,
 *                    ScheduledExecutorService executor, AMRMClient<?> client)
 * }</pre>
 *
 * and that the class takes the AM-RM heartbeat callbacks ({@link AMRMClientAsync.CallbackHandler}).
 */
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
final class NamedClassScheduler implements SchedulerFactory {
  private final Constructor<? extends TaskScheduler> constructor;

  private NamedClassScheduler(Constructor<? extends TaskScheduler> constructor) {
    this.constructor = constructor;
  }

  static NamedClassScheduler forClass(String className) {
    Class<?> cls;
    try {
      cls = Class.forName(className, true, NamedClassScheduler.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("scheduler class " + className + " is not on the class path");
    }
    if (!TaskScheduler.class.isAssignableFrom(cls)) {
      throw new IllegalArgumentException("scheduler class " + className + " does not extend "
          + TaskScheduler.class.getName());
    }
    if (!AMRMClientAsync.CallbackHandler.class.isAssignableFrom(cls)) {
      throw new IllegalArgumentException("scheduler class " + className + " does not implement "
          + AMRMClientAsync.CallbackHandler.class.getName() + ", so it cannot take AM-RM heartbeats");
    }
    try {
      @SuppressWarnings("unchecked")
      Constructor<? extends TaskScheduler> c = (Constructor<? extends TaskScheduler>) cls.getConstructor(
          TaskSchedulerContext.class, LongSupplier.class, ScheduledExecutorService.class, AMRMClient.class);
      return new NamedClassScheduler(c);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException("scheduler class " + className + " has no public constructor ("
          + "TaskSchedulerContext, LongSupplier clock, ScheduledExecutorService executor, AMRMClient client); "
          + "the simulator needs it to run the scheduler in virtual time (docs/simulator.md)");
    }
  }

  @Override
  public Instance create(TaskSchedulerContext context, LongSupplier clock, ScheduledExecutorService executor,
      SimulatedAmRmClient<?> client) {
    try {
      TaskScheduler scheduler = constructor.newInstance(context, clock, executor, client);
      return new Instance(scheduler, (AMRMClientAsync.CallbackHandler) scheduler);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("constructing " + constructor.getDeclaringClass().getName() + " failed",
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + constructor.getDeclaringClass().getName(), e);
    }
  }
}

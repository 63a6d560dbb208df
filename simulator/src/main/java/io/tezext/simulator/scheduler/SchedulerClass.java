package io.tezext.simulator.scheduler;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.LongSupplier;

import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;


/**
 * A scheduler class the simulator drives, registered ({@link SchedulerKind}) or named on the command
 * line ({@code class:com.example.MyScheduler}). A plugin's usual constructor takes only a
 * {@code TaskSchedulerContext} and builds its own YARN client with threads and a wall clock, which
 * cannot be simulated; so the simulator requires the constructor a virtual-time-ready scheduler
 * offers:
 *
 * <pre>{@code
 * public MyScheduler(TaskSchedulerContext context, LongSupplier clock,
 *                    ScheduledExecutorService executor, AMRMClient<?> client)
 * }</pre>
 *
 * and that the class takes the AM-RM heartbeat callbacks ({@link AMRMClientAsync.CallbackHandler}).
 * A scheduler that also reads its queue's statistics from the RM's client protocol
 * ({@code YarnClient#getQueueInfo}) may instead offer the same constructor with one more argument,
 * {@code Function<String, QueueStatistics> queueStatistics} (a queue's name to its statistics), which
 * the simulator answers from its ResourceManager; that one is preferred when both exist.
 * Runs load it through a {@link RunClassLoader} ({@link SchedulerClasses}).
 */
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
public final class SchedulerClass {
  private SchedulerClass() {
  }

  /** Checks, before any run, that the class exists and can be driven; the error says what is missing. */
  static void check(String className) {
    constructorOf(load(className, SchedulerClass.class.getClassLoader()));
  }

  /** The class as {@code loader} loads it; the factory builds one scheduler per simulated AM. */
  static SchedulerFactory factory(String className, ClassLoader loader) {
    Constructor<?> constructor = constructorOf(load(className, loader));
    boolean readsQueues = constructor.getParameterCount() == 5;
    return (context, clock, executor, client) -> {
      try {
        Object scheduler = readsQueues
            ? constructor.newInstance(context, clock, executor, client,
                (Function<String, QueueStatistics>) client::queueStatistics)
            : constructor.newInstance(context, clock, executor, client);
        return new SchedulerFactory.Instance((TaskScheduler) scheduler, (AMRMClientAsync.CallbackHandler) scheduler);
      } catch (InvocationTargetException e) {
        throw new IllegalStateException("constructing " + className + " failed", e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot construct " + className, e);
      }
    };
  }

  private static Class<?> load(String className, ClassLoader loader) {
    try {
      return Class.forName(className, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("scheduler class " + className + " is not on the class path");
    }
  }

  private static Constructor<?> constructorOf(Class<?> cls) {
    String name = cls.getName();
    if (!TaskScheduler.class.isAssignableFrom(cls)) {
      throw new IllegalArgumentException("scheduler class " + name + " does not extend " + TaskScheduler.class.getName());
    }
    if (!AMRMClientAsync.CallbackHandler.class.isAssignableFrom(cls)) {
      throw new IllegalArgumentException("scheduler class " + name + " does not implement "
          + AMRMClientAsync.CallbackHandler.class.getName() + ", so it cannot take AM-RM heartbeats");
    }
    try {
      return cls.getConstructor(TaskSchedulerContext.class, LongSupplier.class, ScheduledExecutorService.class,
          AMRMClient.class, Function.class);
    } catch (NoSuchMethodException e) {
      // the usual one below
    }
    try {
      return cls.getConstructor(TaskSchedulerContext.class, LongSupplier.class, ScheduledExecutorService.class,
          AMRMClient.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException("scheduler class " + name + " has no public constructor ("
          + "TaskSchedulerContext, LongSupplier clock, ScheduledExecutorService executor, AMRMClient client); "
          + "the simulator needs it to run the scheduler in virtual time (docs/simulator.md)");
    }
  }
}

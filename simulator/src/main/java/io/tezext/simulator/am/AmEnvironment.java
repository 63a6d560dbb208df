package io.tezext.simulator.am;

import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.dag.api.UserPayload;

import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.metrics.CpuMeter;
import io.tezext.simulator.metrics.RunRecorder;
import io.tezext.simulator.scheduler.SchedulerFactory;

/**
 * What every simulated AM of one run shares: the event loop, the ResourceManager, the recorder, the
 * scheduler under test, the settings, the topology, the run's seed, and the meter that charges CPU time to the scheduler.
 */
record AmEnvironment(
    EventLoop loop,
    ResourceManager rm,
    RunRecorder recorder,
    SchedulerFactory schedulerFactory,
    AmSettings settings,
    Configuration schedulerConf,
    UserPayload schedulerPayload,
    Function<String, String> rackOf,
    Resource maxCapability,
    double containerFailureProbability,
    long seed,
    CpuMeter cpu) {
}

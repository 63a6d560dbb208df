package io.tezext.simulator.scheduler;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.HashMap;

import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.proto.YarnServiceProtos.SchedulerResourceTypes;
import org.apache.hadoop.yarn.util.Records;

/**
 * What a ResourceManager answers an AM's registration with, for every simulated AM-RM client: the
 * largest container it grants, the queue, and the resource types it schedules. A CapacityScheduler
 * names the types of its resource calculator: memory alone for the default calculator, memory and
 * CPU for the dominant-resource one. Tez's DagAware counts vcores in its preemption arithmetic only
 * when CPU is named.
 */
public final class AmRegistration {
  private AmRegistration() {
  }

  public static RegisterApplicationMasterResponse response(Resource maxCapability, String queue,
      boolean schedulesVcores) {
    RegisterApplicationMasterResponse response = Records.newRecord(RegisterApplicationMasterResponse.class);
    response.setMaximumResourceCapability(maxCapability);
    response.setApplicationACLs(new HashMap<>());
    response.setQueue(queue);
    response.setClientToAMTokenMasterKey(ByteBuffer.allocate(0));
    response.setSchedulerResourceTypes(schedulesVcores
        ? EnumSet.of(SchedulerResourceTypes.MEMORY, SchedulerResourceTypes.CPU)
        : EnumSet.of(SchedulerResourceTypes.MEMORY));
    return response;
  }
}

package io.tezext.hive;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.processors.CommandProcessor;
import org.apache.hadoop.hive.ql.processors.CommandProcessorFactory;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.TezConfiguration;

import io.tezext.testkit.TezTestCluster;

/**
 * A Hive 4 session on a MiniTezCluster, as a user's CLI session is: its own Tez session (one AM for
 * all its queries), an embedded metastore (hive-site.xml on the class path), every setting of the
 * cluster's Tez configuration plus the session's own. Queries run through Hive's Driver and come
 * back as rows of tab-separated strings.
 */
final class HiveOnTez implements AutoCloseable {
  private final TezTestCluster cluster;
  private final SessionState session;
  private final HiveConf conf;

  private HiveOnTez(TezTestCluster cluster, SessionState session, HiveConf conf) {
    this.cluster = cluster;
    this.session = session;
    this.conf = conf;
  }

  /**
   * Opens a session on {@code cluster}, with {@code settings} (Tez's, Hive's, ours) applied before its
   * Tez session starts: AM-scoped keys (the scheduler class, {@code tez.aux.uris}) take effect here.
   */
  static HiveOnTez open(TezTestCluster cluster, Path dir, Map<String, String> settings) throws Exception {
    System.setProperty("tezext.hive.dir", dir.toAbsolutePath().toString()); // hive-site.xml's paths
    HiveConf conf = new HiveConf(SessionState.class);
    TezConfiguration tez = cluster.tezConfiguration();
    tez.forEach(e -> conf.set(e.getKey(), e.getValue()));
    String hiveOpens = " " + TezTestCluster.HIVE_OPENS;
    conf.set("hive.tez.java.opts", tez.get(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS) + hiveOpens);
    conf.set(TezConfiguration.TEZ_AM_LAUNCH_CMD_OPTS, tez.get(TezConfiguration.TEZ_AM_LAUNCH_CMD_OPTS) + hiveOpens);
    conf.set("hive.exec.post.hooks", QueryCounters.class.getName());
    settings.forEach(conf::set);
    if (conf.get(HiveConf.ConfVars.HIVE_AUX_JARS.varname) != null) {
      // HiveServer2 reads hive.aux.jars.path when it builds its configuration from hive-site.xml
      // (HiveConf keeps it apart as its aux jars); set here, it must be handed over the same way.
      conf.setAuxJars(conf.get(HiveConf.ConfVars.HIVE_AUX_JARS.varname));
    }
    SessionState session = new SessionState(conf);
    SessionState.start(session);
    // As HiveServer2 opens a session: the jars of hive.aux.jars.path on the session's class loader,
    // which compiles the session's queries (and so creates the input formats tables name).
    session.loadAuxJars();
    return new HiveOnTez(cluster, session, conf);
  }

  /** The session's class loader: the test's, and the jars of {@code hive.aux.jars.path}. */
  ClassLoader classLoader() {
    return conf.getClassLoader();
  }

  /**
   * Runs statements that return nothing: SQL through Hive's Driver, commands (SET, RESET) through
   * their processors, as Hive's CLI hands them out.
   */
  void run(String... statements) throws Exception {
    for (String statement : statements) {
      String sql = statement.trim();
      String[] tokens = sql.split("\\s+");
      CommandProcessor processor = CommandProcessorFactory.get(tokens, conf);
      if (processor instanceof IDriver driver) {
        try {
          driver.run(sql);
        } finally {
          driver.close();
        }
      } else {
        processor.run(sql.substring(tokens[0].length()).trim());
      }
    }
  }

  /** The rows a query returns, each a list of its columns' values as Hive prints them. */
  List<List<String>> query(String sql) throws Exception {
    return queryCounted(sql).rows();
  }

  /** A query's rows, and the counters of the Tez DAGs it ran (empty if it ran none). */
  record Answer(List<List<String>> rows, TezCounters counters) {
    /** A counter's value, 0 if the DAGs did not count it. */
    long counter(String group, String name) {
      for (String present : counters.getGroupNames()) {
        if (present.equals(group)) {
          return counters.getGroup(group).findCounter(name).getValue();
        }
      }
      return 0;
    }
  }

  /** The rows a query returns, and the counters of the DAGs it ran. */
  Answer queryCounted(String sql) throws Exception {
    QueryCounters.take(); // none left from a statement run before
    IDriver driver = DriverFactory.newDriver(conf);
    try {
      driver.run(sql);
      List<List<String>> rows = new ArrayList<>();
      List<String> batch = new ArrayList<>();
      while (driver.getResults(batch)) {
        for (String line : batch) {
          rows.add(List.of(line.split("\t", -1)));
        }
        batch.clear();
      }
      return new Answer(rows, QueryCounters.take());
    } finally {
      driver.close();
    }
  }

  /** The session's Tez AM. */
  ApplicationId amApplicationId() throws Exception {
    return session.getTezSession().getSession().getAppMasterApplicationId();
  }

  /** Closes the session and waits for its AM to exit (it writes its last history records on the way). */
  @Override
  public void close() throws Exception {
    ApplicationId am = session.getTezSession() == null || session.getTezSession().getSession() == null ? null
        : amApplicationId();
    session.close();
    if (am != null) {
      cluster.awaitExit(am);
    }
  }
}

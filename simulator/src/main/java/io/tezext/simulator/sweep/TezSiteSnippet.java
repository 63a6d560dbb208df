package io.tezext.simulator.sweep;

import java.util.Map;

import io.tezext.simulator.scheduler.SchedulerKind;

/** The {@code tez-site.xml} lines that roll a setting out. */
public final class TezSiteSnippet {
  static final String SCHEDULER_CLASS_KEY = "tez.am.yarn.scheduler.class";

  private TezSiteSnippet() {
  }

  /** The properties of {@code setting}, under a comment saying where they come from. */
  public static String of(Setting setting, String comment) {
    StringBuilder s = new StringBuilder();
    s.append("<!-- ").append(escape(comment).replace("--", "- -")).append(" -->\n");
    if (setting.kind() == SchedulerKind.TEZEXT) {
      s.append("<!-- tezext's scheduler: its jar on tez.aux.uris (docs/install.md) -->\n");
      property(s, SCHEDULER_CLASS_KEY, "io.tezext.scheduler.tez.TezextTaskScheduler");
    } else {
      s.append("<!-- Tez's own DagAwareYarnTaskScheduler, its default: no scheduler class to set -->\n");
    }
    if (setting.conf().isEmpty()) {
      s.append("<!-- no keys: the scheduler's defaults (and your cluster's current tez-site.xml) -->\n");
    }
    for (Map.Entry<String, String> e : setting.conf().entrySet()) {
      property(s, e.getKey(), e.getValue());
    }
    return s.toString();
  }

  private static void property(StringBuilder s, String name, String value) {
    s.append("<property><name>").append(escape(name)).append("</name><value>").append(escape(value))
        .append("</value></property>\n");
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

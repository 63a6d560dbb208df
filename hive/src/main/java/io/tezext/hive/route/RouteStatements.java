package io.tezext.hive.route;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HiveQL that moves an ORC table and every one of its partitions to route B (tezext plans its
 * splits) or back to Hive's own planning. Hive keeps an input format per partition, and {@code ALTER
 * TABLE ... SET FILEFORMAT} on the table changes only the format new partitions get, so each
 * existing partition needs its own statement. Hive refuses to change a format away from its
 * {@code OrcInputFormat} while {@code hive.exec.schema.evolution} is on ("Changing file format (from
 * ORC) is not supported"): the statements turn it off for themselves and restore it after. The data,
 * its serde and its output format stay as they are.
 *
 * <p>{@code bin/tezext-hive-route tezext|hive TABLE} reads the table's partitions as
 * {@code SHOW PARTITIONS TABLE} prints them ({@code k1=v1/k2=v2}, values escaped as in paths), one a
 * line on standard input, and prints the statements (docs/hive.md).
 */
public final class RouteStatements {
  /** Where a table's splits are planned. */
  public enum Route {
    /** Route B: tezext's {@code TezextOrcInputFormat}. */
    TEZEXT("io.tezext.hive.splits.TezextOrcInputFormat"),
    /** Hive's own {@code OrcInputFormat}. */
    HIVE("org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");

    private final String inputFormat;

    Route(String inputFormat) {
      this.inputFormat = inputFormat;
    }

    public String inputFormat() {
      return inputFormat;
    }
  }

  static final String SCHEMA_EVOLUTION = "hive.exec.schema.evolution";
  private static final String FORMAT = " SET FILEFORMAT INPUTFORMAT '%s' "
      + "OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat' SERDE 'org.apache.hadoop.hive.ql.io.orc.OrcSerde'";

  private RouteStatements() {
  }

  /**
   * The statements (without their closing {@code ;}) that move {@code table} and {@code partitions}
   * (as {@code SHOW PARTITIONS} prints them) to {@code route}.
   *
   * @throws IllegalArgumentException naming a partition line that is not {@code key=value[/...]}
   */
  public static List<String> switchTo(Route route, String table, List<String> partitions) {
    if (!table.matches("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)?")) {
      throw new IllegalArgumentException("table '" + table + "': expected [database.]table");
    }
    String format = String.format(Locale.ROOT, FORMAT, route.inputFormat());
    List<String> statements = new ArrayList<>();
    statements.add("SET " + SCHEMA_EVOLUTION + "=false");
    statements.add("ALTER TABLE " + table + format);
    for (String partition : partitions) {
      if (!partition.isBlank()) {
        statements.add("ALTER TABLE " + table + " PARTITION (" + spec(partition.trim()) + ")" + format);
      }
    }
    statements.add("RESET " + SCHEMA_EVOLUTION);
    return statements;
  }

  /** {@code k1=v1/k2=v2} (values escaped as Hive escapes them in paths) as {@code k1='v1', k2='v2'}. */
  static String spec(String partition) {
    List<String> keys = new ArrayList<>();
    for (String part : partition.split("/")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("partition '" + partition + "': expected key=value[/key=value...], as "
            + "SHOW PARTITIONS prints it");
      }
      keys.add(part.substring(0, eq) + "='" + unescape(part.substring(eq + 1)).replace("\\", "\\\\")
          .replace("'", "\\'") + "'");
    }
    return String.join(", ", keys);
  }

  /** Hive's path escaping (%XX for each byte of a special character) undone. */
  private static String unescape(String value) {
    if (value.indexOf('%') < 0) {
      return value;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '%' && i + 2 < value.length() && Character.digit(value.charAt(i + 1), 16) >= 0
          && Character.digit(value.charAt(i + 2), 16) >= 0) {
        out.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** {@code tezext|hive TABLE}, partitions on standard input: prints the statements, each ending with {@code ;}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 || !(args[0].equals("tezext") || args[0].equals("hive"))) {
      System.err.println("usage: tezext-hive-route tezext|hive [DATABASE.]TABLE < partitions (SHOW PARTITIONS' lines)");
      System.exit(2);
    }
    List<String> partitions = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        partitions.add(line);
      }
    }
    try {
      for (String statement : switchTo(Route.valueOf(args[0].toUpperCase(Locale.ROOT)), args[1], partitions)) {
        System.out.println(statement + ";");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("tezext-hive-route: " + e.getMessage());
      System.exit(2);
    }
  }
}

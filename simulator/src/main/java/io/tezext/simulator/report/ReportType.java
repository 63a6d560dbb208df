package io.tezext.simulator.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.tezext.simulator.report.console.ConsoleReport;
import io.tezext.simulator.report.csv.CsvReport;
import io.tezext.simulator.report.html.HtmlReport;
import io.tezext.simulator.report.json.JsonReport;

/** The report formats, by the name {@code --format} takes. Adding one: a class and a constant. */
public enum ReportType {
  CONSOLE("console", ConsoleReport::new),
  JSON("json", console -> new JsonReport()),
  CSV("csv", console -> new CsvReport()),
  HTML("html", console -> new HtmlReport());

  private final String cliName;
  private final Function<PrintWriter, ReportWriter> factory;

  ReportType(String cliName, Function<PrintWriter, ReportWriter> factory) {
    this.cliName = cliName;
    this.factory = factory;
  }

  public String cliName() {
    return cliName;
  }

  /** The writer; console-like formats print to {@code console}. */
  public ReportWriter writer(PrintWriter console) {
    return factory.apply(console);
  }

  /** The names {@code --format} takes, for help texts. */
  public static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(values()).map(ReportType::cliName).iterator();
    }
  }

  /** Parses a comma-separated list of format names, case-insensitively. */
  public static List<ReportType> parseList(String text) {
    List<ReportType> types = new ArrayList<>();
    for (String name : text.split(",")) {
      String wanted = name.trim().toLowerCase(Locale.ROOT);
      types.add(Arrays.stream(values()).filter(t -> t.cliName.equals(wanted)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown report format '" + name.trim()
              + "'; known formats: " + Arrays.stream(values()).map(ReportType::cliName)
              .collect(Collectors.joining(", ")))));
    }
    return types;
  }
}

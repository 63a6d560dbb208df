package io.tezext.splitgen.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.SuppressForbidden;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.orc.FileTail;
import io.tezext.splitgen.orc.TailCache;
import io.tezext.splitgen.plan.PlannedFile;
import io.tezext.splitgen.plan.PlannedSplit;
import io.tezext.splitgen.plan.SplitPlanner;
import io.tezext.splitgen.split.StripeSplitGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tezext-splits}: plans the splits of ORC files exactly as {@code OrcSplitInitializer} would
 * in the Tez AM, and prints them, per split (files, stripes, rows, bytes, hosts), then totals (files,
 * stripes, rows, splits, stripes eliminated, requests, time). Exit codes: 0 planned, 2 bad arguments,
 * keys or files (a file that is not readable ORC is named with the reason unless skipped), 1 any
 * other failure.
 */
@Command(name = "tezext-splits", mixinStandardHelpOptions = true, version = "tezext-splits 0.1.0",
    sortOptions = false, description = "Plans the stripe splits of ORC files as tezext's Tez split generation "
        + "would, and prints them with their totals.")
public final class SplitsCommand implements Callable<Integer> {
  static final int BAD_INPUT = 2;
  static final int FAILED = 1;

  @Parameters(arity = "1..*", paramLabel = "PATH-or-URI",
      description = "Tables, partitions or files (hdfs://, s3a://, file: or local paths); each listed recursively.")
  List<String> paths;

  @Option(names = "--sarg", paramLabel = "EXPR",
      description = "A predicate; stripes whose statistics rule it out are left out. Syntax: docs/split-gen.md.")
  String predicate;

  @Option(names = "--min-split-size", paramLabel = "SIZE", description = "Default 16m.")
  String minSplitSize;

  @Option(names = "--max-split-size", paramLabel = "SIZE", description = "Default 256m.")
  String maxSplitSize;

  @Option(names = "--threads", paramLabel = "N", description = "File tails read at once (default 32).")
  Integer threads;

  @Option(names = "--skip-bad", description = "Leave out and count files that are not readable ORC.")
  boolean skipBad;

  @Option(names = "--format", paramLabel = "text|json", description = "Output: text (default) or json.")
  String format = "text";

  @Option(names = "--summary", description = "Print the totals only.")
  boolean summary;

  @Option(names = "--conf", paramLabel = "FILE",
      description = "A Hadoop configuration file (core-site.xml, tez-site.xml); may be repeated.")
  List<java.nio.file.Path> confFiles = new ArrayList<>();

  @Option(names = "-D", paramLabel = "KEY=VALUE", description = "A configuration key (fs.s3a.*, tezext.split.*).")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(names = "--debug", description = "On a failure, print the stack trace too.")
  boolean debug;

  private PrintWriter out;
  private PrintWriter err;

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true)));
  }

  /** Runs the command line; what it prints goes to {@code out} and {@code err}. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    SplitsCommand command = new SplitsCommand();
    command.out = out;
    command.err = err;
    CommandLine cli = new CommandLine(command);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean badInput = e instanceof BadInputException || e instanceof IllegalArgumentException;
      err.println("tezext-splits: " + (badInput ? e.getMessage()
          : "failed: " + e + (command.debug ? "" : " (--debug shows where)")));
      if (command.debug) {
        e.printStackTrace(err);
      }
      return badInput ? BAD_INPUT : FAILED;
    });
    return cli.execute(args);
  }

  @Override
  public Integer call() throws IOException {
    if (!format.equals("text") && !format.equals("json")) {
      throw new IllegalArgumentException("--format " + format + ": expected text or json");
    }
    Configuration conf = configuration();
    List<Path> roots = paths.stream().map(SplitsCommand::path).toList();
    SplitSettings settings = SplitSettings.from(conf);
    TailCache cache = TailCache.shared(settings.tailCacheBytes());
    long hitsBefore = cache.hits();
    long started = nanoTime();
    StripeSplitGenerator.Result result = StripeSplitGenerator.generate(roots, conf);
    double seconds = (nanoTime() - started) / 1e9;
    Map<String, Object> totals = totals(result.plan(), result.splits().size(), roots.size(), settings,
        cache.hits() - hitsBefore, seconds);
    totals.put("predicate_columns_unresolved", result.unresolvedColumns());
    totals.put("predicate_columns_missing_from_files", result.columnsMissingFromSomeFiles());
    if (!result.unresolvedColumns().isEmpty()) {
      err.println("tezext-splits: warning: --sarg names columns no file has: " + result.unresolvedColumns()
          + " (they eliminate no stripe; misspelt or wrongly cased?)");
    }
    result.columnsMissingFromSomeFiles().forEach((column, files) -> err.println("tezext-splits: note: --sarg "
        + "names " + column + ", which " + files + " of the files lack (added to the table after they were "
        + "written?): their stripes are all kept"));
    if (format.equals("json")) {
      Map<String, Object> json = new LinkedHashMap<>();
      if (!summary) {
        json.put("splits", splitsJson(result.plan()));
      }
      json.put("totals", totals);
      out.println(new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json));
    } else {
      if (!summary) {
        printSplits(result.plan());
      }
      printTotals(totals, result.plan());
    }
    return 0;
  }

  private Configuration configuration() throws IOException {
    Configuration conf = new Configuration();
    for (java.nio.file.Path file : confFiles) {
      if (!Files.isReadable(file)) {
        throw new BadInputException("--conf " + file + ": no such readable file");
      }
      conf.addResource(new Path(file.toAbsolutePath().toUri()));
    }
    properties.forEach(conf::set);
    setIf(conf, SplitSettings.PREDICATE, predicate);
    setIf(conf, SplitSettings.MIN_SIZE, minSplitSize);
    setIf(conf, SplitSettings.MAX_SIZE, maxSplitSize);
    setIf(conf, SplitSettings.FOOTER_THREADS, threads == null ? null : threads.toString());
    if (skipBad) {
      conf.setBoolean(SplitSettings.SKIP_BAD_FILES, true);
    }
    try {
      SplitSettings.from(conf);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(optionFor(e.getMessage()), e);
    }
    return conf;
  }

  /** A key's message in the words of the option that set it. */
  private static String optionFor(String message) {
    return message.replace(SplitSettings.PREDICATE + " ", "--sarg ")
        .replace(SplitSettings.MIN_SIZE, "--min-split-size").replace(SplitSettings.MAX_SIZE, "--max-split-size")
        .replace(SplitSettings.FOOTER_THREADS, "--threads");
  }

  private static void setIf(Configuration conf, String key, String value) {
    if (value != null) {
      conf.set(key, value);
    }
  }

  private static Path path(String text) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("an empty path: expected a table, partition or file");
    }
    // A local path is taken as written, relative to the working directory; a URI keeps its scheme.
    return text.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") ? new Path(text)
        : new Path(java.nio.file.Path.of(text).toAbsolutePath().toUri());
  }

  private static Map<String, Object> totals(SplitPlanner.Plan plan, int splits, int roots, SplitSettings settings,
      long cacheHits, double seconds) {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("files", plan.files().size());
    t.put("files_skipped", plan.skipped().size());
    t.put("skipped", plan.skipped());
    t.put("stripes", plan.stripes());
    t.put("stripes_eliminated", plan.stripesEliminated());
    t.put("rows", plan.rows());
    t.put("files_with_unknown_rows", plan.filesWithUnknownRows());
    t.put("splits", splits);
    t.put("bytes", plan.splits().stream().mapToLong(PlannedSplit::length).sum());
    t.put("listings", roots);
    t.put("tails_read", plan.files().size() + plan.skipped().size() - cacheHits);
    t.put("tails_from_cache", cacheHits);
    t.put("threads", settings.footerThreads());
    t.put("seconds", Math.round(seconds * 1000) / 1000.0);
    return t;
  }

  private List<Map<String, Object>> splitsJson(SplitPlanner.Plan plan) {
    List<Map<String, Object>> splits = new ArrayList<>();
    for (PlannedFile file : plan.files()) {
      for (PlannedSplit s : file.splits()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", s.path());
        m.put("first_stripe", s.firstStripe());
        m.put("stripes", s.stripes());
        m.put("rows", file.tail().rows() == FileTail.UNKNOWN_ROWS ? null : s.rows());
        m.put("start", s.start());
        m.put("bytes", s.length());
        m.put("hosts", s.hosts());
        splits.add(m);
      }
    }
    return splits;
  }

  private void printSplits(SplitPlanner.Plan plan) {
    out.printf(Locale.ROOT, "%-6s %-9s %12s %14s  %-30s %s%n", "split", "stripes", "rows", "bytes", "hosts", "file");
    int n = 0;
    for (PlannedFile file : plan.files()) {
      for (PlannedSplit s : file.splits()) {
        String stripes = s.stripes() == 1 ? String.valueOf(s.firstStripe())
            : s.firstStripe() + "-" + (s.firstStripe() + s.stripes() - 1);
        String rows = file.tail().rows() == FileTail.UNKNOWN_ROWS ? "unknown" : String.format(Locale.ROOT, "%,d",
            s.rows());
        out.printf(Locale.ROOT, "%-6d %-9s %12s %,14d  %-30s %s%n", n++, stripes, rows, s.length(),
            String.join(",", s.hosts()), s.path());
      }
    }
  }

  private void printTotals(Map<String, Object> t, SplitPlanner.Plan plan) {
    out.printf(Locale.ROOT, "files %,d (%,d skipped), stripes %,d (%,d eliminated), rows %,d%s, splits %,d, %,d bytes%n",
        t.get("files"), t.get("files_skipped"), t.get("stripes"), t.get("stripes_eliminated"), t.get("rows"),
        plan.filesWithUnknownRows() == 0 ? "" : " (and " + plan.filesWithUnknownRows()
            + " files whose footers do not count their rows)", t.get("splits"), t.get("bytes"));
    for (String skipped : plan.skipped()) {
      out.println("skipped: " + skipped);
    }
    out.printf(Locale.ROOT, "calls: %d recursive listings (one per path), %,d file tails read (one ranged read each, "
        + "two for a tail over 16 KB) on %d threads, %,d from the tail cache%n", t.get("listings"), t.get("tails_read"),
        t.get("threads"), t.get("tails_from_cache"));
    out.printf(Locale.ROOT, "time: %.3f s%n", (Double) t.get("seconds"));
  }

  @SuppressForbidden("the command reports how long planning took, in wall time")
  private static long nanoTime() {
    return System.nanoTime();
  }
}

package io.tezext.simulator.cli;

import java.nio.charset.StandardCharsets;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.OutputFileException;
import io.tezext.simulator.report.PrintableText;
import io.tezext.simulator.run.RunStoppedException;
import io.tezext.simulator.run.StopSignal;
import picocli.CommandLine.Command;

/**
 * {@code tezext-sim}: replays DAG workloads on a simulated YARN cluster with real Tez schedulers in
 * the loop, and reports them side by side. Exit codes: 0 done, 1 the simulation failed (or a report
 * could not be written), 2 bad arguments or input files, 3 a run stalled (its reports are written,
 * the stall in their notes), 130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.
 */
@Command(name = "tezext-sim", mixinStandardHelpOptions = true, version = "tezext-sim 0.1.0",
    description = "Replays Tez DAG workloads on a simulated YARN cluster with the real schedulers in the loop.",
    subcommands = {DemoCommand.class, RunCommand.class, CalibrateCommand.class, GenerateCommand.class,
        SweepCommand.class, SchedulersCommand.class, SettingsCommand.class,
        CommandLine.HelpCommand.class})
public final class TezextSim {
  @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
      description = "On a failure, print the stack trace too.")
  boolean debug;

  static final int BAD_INPUT = 2;
  static final int FAILED = 1;
  static final int STALLED = 3;
  /** Stopped by SIGTERM (128 + 15, what a shell reports for a process SIGTERM ended). */
  static final int STOPPED = 128 + 15;
  /** Stopped by Ctrl-C: SIGINT, 128 + 2. */
  static final int INTERRUPTED = 128 + 2;
  /**
   * How long SIGTERM waits for the command to unwind (its runs stop at their next event and it
   * removes its staged reports); after that the stop removes them itself.
   */
  static final long STOP_WAIT_MS = 500;

  /** Runs watch it; SIGTERM requests it. */
  StopSignal stop = StopSignal.NEVER;

  public static void main(String[] args) {
    StopSignal stop = new StopSignal();
    CountDownLatch done = new CountDownLatch(1);
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    StopSignals.nameTheSignal(stop);
    // SIGTERM and Ctrl-C run the shutdown hooks and then halt the JVM (exit 128 + the signal): ask the
    // runs to stop, and give the command a moment to unwind, so that what it staged is removed instead
    // of left half-written. A JVM ending for any other reason (the command is done) has nothing to stop.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (done.getCount() == 0) {
        return;
      }
      if (!stop.requested()) {
        stop.request(); // a signal StopSignals could not name
      }
      try {
        if (!done.await(STOP_WAIT_MS, TimeUnit.MILLISECONDS)) {
          stop.cleanUp(); // a run busy loading classes, say, has not seen the stop yet
          err.println("tezext-sim: " + RunStoppedException.message(stop) + "; no report written");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stop.cleanUp();
      }
    }, "tezext-sim-stop"));
    int code;
    try {
      code = execute(args, out, err, stop);
    } finally {
      done.countDown();
    }
    System.exit(code);
  }

  /** Runs the command line; what it prints goes to {@code out} and {@code err}. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    return execute(args, out, err, StopSignal.NEVER);
  }

  /** Runs the command line; its runs stop, leaving no report, once {@code stop} is requested. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err, StopSignal stop) {
    try {
      return executeOrThrow(args, out, err, stop);
    } catch (OutOfMemoryError e) {
      err.println(String.format(java.util.Locale.ROOT, "tezext-sim: the simulation failed: out of memory (a %.1f GB "
          + "heap); set TEZEXT_SIM_HEAP (for example TEZEXT_SIM_HEAP=%dg) or replay a smaller workload",
          Runtime.getRuntime().maxMemory() / (double) (1L << 30), 2 * (Runtime.getRuntime().maxMemory() >> 30) + 1));
      return FAILED;
    } catch (StackOverflowError e) {
      err.println("tezext-sim: the simulation failed: the stack overflowed (--debug shows where)");
      if (args.length > 0 && java.util.Arrays.asList(args).contains("--debug")) {
        e.printStackTrace(err);
      }
      return FAILED;
    }
  }

  private static int executeOrThrow(String[] args, PrintWriter out, PrintWriter err, StopSignal stop) {
    TezextSim top = new TezextSim();
    top.stop = stop;
    CommandLine cli = new CommandLine(top);
    cli.setOut(out);
    cli.setErr(err);
    cli.setParameterExceptionHandler((e, arguments) -> {
      err.println("tezext-sim: " + parameterMessage(e.getMessage()));
      err.println("(tezext-sim " + (e.getCommandLine() == cli ? "" : e.getCommandLine().getCommandName() + " ")
          + "--help lists the options)");
      if (top.debug) {
        e.printStackTrace(err);
      }
      return BAD_INPUT;
    });
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      int code;
      if (e instanceof RunStoppedException) {
        err.println("tezext-sim: " + RunStoppedException.message(stop) + "; no report written");
        return stop.exitCode();
      }
      if (e instanceof IllegalArgumentException || e instanceof InputFileException) {
        err.println("tezext-sim: " + PrintableText.of(e.getMessage()));
        code = BAD_INPUT;
      } else if (e instanceof OutputFileException) {
        err.println("tezext-sim: " + PrintableText.of(e.getMessage()));
        code = FAILED;
      } else {
        err.println("tezext-sim: the simulation failed: " + e + (top.debug ? "" : " (--debug shows where)"));
        code = FAILED;
      }
      if (top.debug) {
        e.printStackTrace(err);
      }
      return code;
    });
    return cli.execute(args);
  }

  /** Picocli's message, put plainly where it speaks of argument groups: an option given twice, or two that exclude each other. */
  static String parameterMessage(String message) {
    if (message == null || !message.contains("expected only one match but got")) {
      return message == null ? null : message.replaceFirst("^Error: ", "");
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{(--[a-z-]+)(?:=([^}]*))?\\}").matcher(message);
    List<String> options = new java.util.ArrayList<>();
    List<String> values = new java.util.ArrayList<>();
    while (m.find()) {
      options.add(m.group(1));
      values.add(m.group(2) == null ? "" : m.group(2));
    }
    if (options.size() == 2 && options.get(0).equals(options.get(1))) {
      return options.get(0) + " is given twice (" + (values.get(0).equals(values.get(1)) ? "both times " + values.get(0)
          : values.get(0) + " and " + values.get(1)) + "): give it once";
    }
    if (options.size() == 2) {
      return options.get(0) + " and " + options.get(1) + " exclude each other: give one of them";
    }
    return message;
  }
}

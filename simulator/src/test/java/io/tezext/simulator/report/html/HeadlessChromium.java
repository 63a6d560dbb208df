package io.tezext.simulator.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's Chromium, headless, for tests that check what a browser makes of our HTML. Installs the
 * {@code chromium} package when it is missing (the machines this runs on are Debian with apt).
 */
public final class HeadlessChromium {
  private static final List<Path> CANDIDATES = List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"));

  private final Path binary;

  private HeadlessChromium(Path binary) {
    this.binary = binary;
  }

  public static HeadlessChromium installedOrInstall() throws IOException, InterruptedException {
    Path found = find();
    if (found == null) {
      boolean root = "root".equals(System.getProperty("user.name"));
      List<String> sudo = root ? List.of() : List.of("sudo", "-n");
      run(concat(sudo, List.of("apt-get", "update", "-qq")), 600);
      run(concat(sudo, List.of("apt-get", "install", "-y", "-qq", "chromium")), 900);
      found = find();
      if (found == null) {
        throw new IllegalStateException("Chromium is not installed and 'apt-get install chromium' did not install it");
      }
    }
    return new HeadlessChromium(found);
  }

  /** The page's DOM once its scripts have run. */
  public String dumpDom(Path page) throws IOException, InterruptedException {
    return run(command("--virtual-time-budget=10000", "--dump-dom", page.toUri().toString()), 120);
  }

  public void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
    run(command("--hide-scrollbars", "--window-size=" + width + "," + height,
        "--screenshot=" + png.toAbsolutePath(), page.toUri().toString()), 120);
  }

  private List<String> command(String... args) {
    // no sandbox: tests may run as root, which Chromium's sandbox refuses
    List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--disable-dev-shm-usage"));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static Path find() {
    return CANDIDATES.stream().filter(Files::isExecutable).findFirst().orElse(null);
  }

  private static String run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
    Path stdout = Files.createTempFile("chromium", ".out");
    Path stderr = Files.createTempFile("chromium", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
      pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not finish within " + timeoutSeconds + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " exited with " + p.exitValue() + ":\n"
            + Files.readString(stderr, StandardCharsets.UTF_8));
      }
      return Files.readString(stdout, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}

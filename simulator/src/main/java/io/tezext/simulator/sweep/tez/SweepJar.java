package io.tezext.simulator.sweep.tez;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The one jar a sweep ships to its tasks: the simulator and what it needs that a Tez-on-YARN
 * cluster does not already put on a task's class path (tezext's scheduler, picocli, Mustache,
 * commons-csv, ASM, progressbar, Tez's proto history reader), each taken from where this JVM loaded
 * it (a jar, or a build's class directory). Not Hadoop or Tez: the task has them. Entries are
 * written in a fixed order with a fixed time, so the same class path gives the same bytes.
 */
public final class SweepJar {
  /** The name tasks find it under, in their working directory. */
  public static final String LINK_NAME = "tezext-sim-sweep.jar";

  /** A class from each part shipped. */
  private static final List<String> MARKERS = List.of(
      "io.tezext.simulator.cli.TezextSim",
      "io.tezext.scheduler.config.SchedulerKeys",
      "picocli.CommandLine",
      "com.github.mustachejava.DefaultMustacheFactory",
      "org.apache.commons.csv.CSVFormat",
      "org.objectweb.asm.ClassReader",
      "me.tongfei.progressbar.ProgressBar",
      "org.apache.tez.dag.history.logging.proto.ProtoMessageReader");
  /** 1980-02-01, the earliest a zip entry holds: the same bytes on every build. */
  private static final long FIXED_TIME = 315_532_800_000L + 31L * 86_400_000L;

  private SweepJar() {
  }

  /** Where this JVM loaded each shipped part from, in {@link #MARKERS} order, without repeats. */
  public static List<Path> shippedEntries() {
    List<Path> entries = new ArrayList<>();
    for (String marker : MARKERS) {
      Path p = locationOf(marker);
      if (!entries.contains(p)) {
        entries.add(p);
      }
    }
    return entries;
  }

  /** Writes the jar to {@code target}. */
  public static void write(Path target) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().putValue("Created-By", "tezext-sim sweep");
    Set<String> written = new HashSet<>();
    try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file)) {
      JarEntry m = new JarEntry(JarFile.MANIFEST_NAME);
      m.setTime(FIXED_TIME);
      jar.putNextEntry(m);
      manifest.write(jar);
      jar.closeEntry();
      written.add(JarFile.MANIFEST_NAME);
      written.add("META-INF/");
      for (Path entry : shippedEntries()) {
        if (Files.isDirectory(entry)) {
          try (Stream<Path> walk = Files.walk(entry)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
              String name = entry.relativize(f).toString().replace('\\', '/');
              try (InputStream in = Files.newInputStream(f)) {
                copy(jar, name, in, written);
              }
            }
          }
        } else {
          try (JarFile source = new JarFile(entry.toFile())) {
            List<JarEntry> entries = new ArrayList<>(source.stream().filter(e -> !e.isDirectory()).toList());
            entries.sort(java.util.Comparator.comparing(JarEntry::getName));
            for (JarEntry e : entries) {
              try (InputStream in = source.getInputStream(e)) {
                copy(jar, e.getName(), in, written);
              }
            }
          }
        }
      }
    }
  }

  private static void copy(JarOutputStream jar, String name, InputStream in, Set<String> written) throws IOException {
    if (!shipped(name) || !written.add(name)) {
      return; // the first copy of a name wins, as on a class path
    }
    JarEntry e = new JarEntry(name);
    e.setTime(FIXED_TIME);
    jar.putNextEntry(e);
    in.transferTo(jar);
    jar.closeEntry();
  }

  /** Signatures would not match the merged jar; module descriptors mean nothing on a class path. */
  private static boolean shipped(String name) {
    String upper = name.toUpperCase(java.util.Locale.ROOT);
    if (upper.equals("META-INF/MANIFEST.MF") || name.endsWith("module-info.class")) {
      return false;
    }
    return !(upper.startsWith("META-INF/") && (upper.endsWith(".SF") || upper.endsWith(".DSA")
        || upper.endsWith(".RSA") || upper.endsWith(".EC")));
  }

  private static Path locationOf(String className) {
    try {
      Class<?> c = Class.forName(className, false, SweepJar.class.getClassLoader());
      CodeSource source = c.getProtectionDomain().getCodeSource();
      if (source == null || source.getLocation() == null) {
        throw new IllegalStateException("cannot tell where " + className + " was loaded from");
      }
      return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("the sweep ships " + className + ", which this JVM's class path lacks", e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot tell where " + className + " was loaded from", e);
    }
  }
}

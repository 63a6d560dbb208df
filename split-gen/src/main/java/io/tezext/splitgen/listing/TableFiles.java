package io.tezext.splitgen.listing;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

import io.tezext.splitgen.BadInputException;

/**
 * The data files under a table's roots, each root listed once and recursively ({@code
 * listFiles(root, true)}, which S3A serves as flat prefix listings rather than one call per
 * directory). Left out: anything whose name, or any directory's name below the root, starts with
 * {@code _} or {@code .} ({@code _SUCCESS}, {@code _temporary}, {@code .hive-staging}), and empty
 * files. Hive ACID layouts ({@code base_*}, {@code delta_*}, {@code delete_delta_*}) are refused:
 * read as plain files their rows would be counted twice.
 */
public final class TableFiles {
  private static final Pattern ACID_DIR = Pattern.compile("(base|delta|delete_delta)_\\d+(_\\d+)*(_v\\d+)?");

  private TableFiles() {
  }

  /**
   * The files under {@code roots} (a root may be a file), in path order, with their block
   * locations; the roots listed at once on {@code pool} (Hive names each partition a root).
   */
  public static List<LocatedFileStatus> list(List<Path> roots, Configuration conf, ExecutorService pool)
      throws IOException {
    List<Future<List<LocatedFileStatus>>> listings = new ArrayList<>();
    for (Path root : roots) {
      listings.add(pool.submit(() -> list(root, conf)));
    }
    List<LocatedFileStatus> files = new ArrayList<>();
    try {
      for (Future<List<LocatedFileStatus>> listing : listings) {
        files.addAll(listing.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted listing " + roots);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r; // an ACID layout refused
      }
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      listings.forEach(l -> l.cancel(true));
    }
    files.sort(Comparator.comparing(f -> f.getPath().toString()));
    for (int i = 1; i < files.size(); i++) {
      if (files.get(i).getPath().equals(files.get(i - 1).getPath())) {
        throw new BadInputException(files.get(i).getPath() + " is under two of the input paths " + roots
            + ": its rows would be read twice");
      }
    }
    return files;
  }

  /** The listing's next page may be a request of its own, and fail as the first did. */
  private static boolean hasNext(RemoteIterator<LocatedFileStatus> it, Path listed) throws IOException {
    try {
      return it.hasNext();
    } catch (BadInputException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException("listing input path " + listed + " failed: " + e, e);
    }
  }

  private static List<LocatedFileStatus> list(Path root, Configuration conf) throws IOException {
    FileSystem fs = root.getFileSystem(conf);
    Path qualified = fs.makeQualified(root);
    List<LocatedFileStatus> files = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it;
    try {
      it = fs.listFiles(qualified, true);
    } catch (FileNotFoundException e) {
      throw new BadInputException("input path " + qualified + " does not exist", e);
    } catch (IOException e) { // the store's own message may name an object or nothing: say which listing failed
      throw new IOException("listing input path " + qualified + " failed: " + e, e);
    }
    while (hasNext(it, qualified)) {
      LocatedFileStatus f = it.next();
      String below = relative(qualified, f.getPath());
      if (f.isFile() && f.getLen() > 0 && !hidden(below)) {
        refuseAcid(root, below);
        files.add(f);
      }
    }
    return files;
  }

  /**
   * The path of {@code file} below {@code root}, "" for the root itself: a root named explicitly is
   * read whatever its name, and only names below it can hide a file.
   */
  private static String relative(Path root, Path file) {
    String r = root.toUri().getPath();
    String f = file.toUri().getPath();
    if (f.equals(r)) {
      return "";
    }
    String prefix = r.endsWith("/") ? r : r + "/";
    if (!f.startsWith(prefix)) {
      throw new IllegalStateException("the listing of " + root + " returned " + file + ", which is not below it");
    }
    return f.substring(prefix.length());
  }

  private static boolean hidden(String below) {
    if (below.isEmpty()) {
      return false;
    }
    for (String part : below.split("/")) {
      if (part.startsWith("_") || part.startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static void refuseAcid(Path root, String below) {
    String[] parts = below.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (ACID_DIR.matcher(parts[i]).matches()) {
        throw new IllegalArgumentException(root + ": " + below + " is in a Hive ACID directory (" + parts[i]
            + "); ACID tables need Hive's reader to merge their deltas, read as plain ORC files their rows would "
            + "be counted twice");
      }
    }
  }
}

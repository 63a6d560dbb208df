package io.tezext.splitgen.orc;

import org.apache.hadoop.fs.EtagSource;
import org.apache.hadoop.fs.FileStatus;

/**
 * Which version of a file a status describes: its length, its modification time to the second
 * (object stores give milliseconds in listings but whole seconds in a HEAD's Last-Modified, so a
 * planned listing and a task's status request must agree at that precision), and its etag where
 * the file system has one (S3A, ABFS), which tells a same-length rewrite within a second apart.
 *
 * @param etag the etag, or "" where the file system gives none
 */
public record FileVersion(long length, long modificationTime, String etag) {
  public FileVersion {
    etag = etag == null ? "" : etag;
  }

  public static FileVersion of(FileStatus status) {
    return new FileVersion(status.getLen(), status.getModificationTime(),
        status instanceof EtagSource tagged ? tagged.getEtag() : "");
  }

  /** Whether {@code now} is still this version (etags compared where both have one). */
  public boolean sameAs(FileVersion now) {
    return length == now.length && modificationTime / 1000 == now.modificationTime / 1000
        && (etag.isEmpty() || now.etag.isEmpty() || etag.equals(now.etag));
  }

  /** What changed from this version to {@code now}, in words. */
  public String changeTo(FileVersion now) {
    return "length " + length + " -> " + now.length + " bytes, modified " + modificationTime + " -> "
        + now.modificationTime + (etag.equals(now.etag) ? "" : ", etag " + etag + " -> " + now.etag);
  }
}

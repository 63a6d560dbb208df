package io.tezext.simulator.io;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Streams a CSV trace (with or without a header row), plain or gzip-compressed ({@code .gz}), one {@link Row} at a time,
 * so traces larger than memory can be read. Every parse error names the file, the line and the field.
 */
public final class CsvInput implements Closeable, Iterable<CsvInput.Row> {
  private final String name;
  private final CSVParser parser;
  private final CountingInputStream counted;
  private final long size;
  private static final byte[] BYTE_ORDER_MARK = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  private CsvInput(String name, CSVParser parser, CountingInputStream counted, long size) {
    this.name = name;
    this.parser = parser;
    this.counted = counted;
    this.size = size;
  }

  public static CsvInput open(Path file) {
    FileAccess.requireFileOrDirectory(file);
    try {
      long size = Files.size(file);
      CountingInputStream counted = new CountingInputStream(Files.newInputStream(file));
      InputStream in = counted;
      if (file.getFileName().toString().endsWith(".gz")) {
        in = new GZIPInputStream(in);
      }
      in = withoutByteOrderMark(in);
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      return new CsvInput(file.toString(), CSVFormat.DEFAULT.builder().setTrim(true).build().parse(reader), counted,
          size);
    } catch (NoSuchFileException e) {
      throw new InputFileException(file + ": no such file");
    } catch (IOException e) {
      throw new InputFileException(file + ": cannot read: " + FileAccess.why(e));
    }
  }

  /**
   * The stream past a UTF-8 byte-order mark, if it starts with one (spreadsheets save CSV so):
   * read as text, the mark would be part of the first field.
   */
  private static InputStream withoutByteOrderMark(InputStream in) throws IOException {
    java.io.PushbackInputStream pushback = new java.io.PushbackInputStream(in, BYTE_ORDER_MARK.length);
    byte[] head = pushback.readNBytes(BYTE_ORDER_MARK.length);
    if (!java.util.Arrays.equals(head, BYTE_ORDER_MARK)) {
      pushback.unread(head);
    }
    return pushback;
  }

  @Override
  public Iterator<Row> iterator() {
    Iterator<CSVRecord> records = parser.iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        try {
          return records.hasNext();
        } catch (UncheckedIOException e) {
          throw new InputFileException(name + " line " + parser.getCurrentLineNumber() + ": cannot read: "
              + e.getCause().getMessage());
        }
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        CSVRecord r = records.next();
        // Records never span lines in these traces, so the record number is the line number.
        return new Row(name, r.getRecordNumber(), r);
      }
    };
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }

  /**
   * How much of the file has been read, from 0 to 1, by its bytes on disk (compressed ones for a
   * {@code .gz}); read-ahead buffers make it run a few KB early.
   */
  public double fractionRead() {
    return size == 0 ? 1 : Math.min(1, (double) counted.count / size);
  }

  /** Counts the bytes read from the file. */
  private static final class CountingInputStream extends java.io.FilterInputStream {
    private long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      count += skipped;
      return skipped;
    }
  }

  /** One CSV line, with typed field access whose errors say where the bad value is. */
  public record Row(String file, long line, CSVRecord record) {
    /** {@code file line N}, the prefix of every message about this row. */
    public String where() {
      return file + " line " + line;
    }

    /** Fails unless the row has exactly the trace's columns. */
    public void expectColumns(int count, String columns) {
      if (record.size() != count) {
        throw new BadRecordException(where() + ": expected " + count + " columns (" + columns + "), found "
            + record.size());
      }
    }

    public String text(int column, String field) {
      String value = record.get(column);
      if (value.isEmpty()) {
        throw bad(column, field, "a value", value);
      }
      return value;
    }

    /** An integer; a whole number written as a decimal ({@code 1.0}, as tools that derive traces write) is one too. */
    public long longValue(int column, String field) {
      String value = text(column, field);
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        try {
          return new BigDecimal(value).longValueExact();
        } catch (NumberFormatException | ArithmeticException notWhole) {
          throw bad(column, field, "an integer", value);
        }
      }
    }

    /** True if this is the file's first line and it names the trace's columns (a header row). */
    public boolean isHeader(String columns) {
      if (line != 1) {
        return false;
      }
      String[] names = columns.split(",");
      if (record.size() != names.length) {
        return false;
      }
      for (int i = 0; i < names.length; i++) {
        if (!record.get(i).trim().equalsIgnoreCase(names[i].trim())) {
          return false;
        }
      }
      return true;
    }

    public double doubleValue(int column, String field) {
      String value = text(column, field);
      try {
        double d = Double.parseDouble(value);
        if (Double.isFinite(d)) {
          return d;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw bad(column, field, "a number", value);
    }

    /** A message for a value that parses but is out of range. */
    public BadRecordException bad(int column, String field, String expected, String found) {
      return new BadRecordException(where() + " column " + (column + 1) + " (" + field + "): expected " + expected
          + ", found '" + found + "'");
    }
  }
}

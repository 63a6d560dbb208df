package io.tezext.simulator.io;

import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A bound on how deeply the JSON the simulator reads may nest. Jackson 2.12 (the line Hadoop and
 * Tez bring) has none, and its tree and bean readers recurse once per level, so a file of a few
 * hundred thousand {@code [} ends the JVM with a {@link StackOverflowError} instead of an error
 * naming the file. No input the simulator reads nests past a dozen levels.
 */
public final class JsonNesting {
  /** The deepest nesting any input may have. */
  public static final int MAX_DEPTH = 1_000;
  /** How the error starts; {@link JsonInput#syntaxError} keeps it as it is. */
  static final String TOO_DEEP = "nested deeper than " + String.format(java.util.Locale.ROOT, "%,d", MAX_DEPTH)
      + " levels of arrays and objects";

  private JsonNesting() {
  }

  /** A mapper whose parsers refuse nesting past {@link #MAX_DEPTH}; configure it as any other. */
  public static ObjectMapper newMapper() {
    return new ObjectMapper(new LimitedFactory());
  }

  /** Parsers that check the depth whenever an array or object opens. */
  private static final class LimitedFactory extends JsonFactory {
    private static final long serialVersionUID = 1L;

    @Override
    protected JsonParser _createParser(InputStream in, IOContext ctxt) throws IOException {
      return new Limited(super._createParser(in, ctxt));
    }

    @Override
    protected JsonParser _createParser(Reader r, IOContext ctxt) throws IOException {
      return new Limited(super._createParser(r, ctxt));
    }

    @Override
    protected JsonParser _createParser(char[] data, int offset, int len, IOContext ctxt, boolean recyclable)
        throws IOException {
      return new Limited(super._createParser(data, offset, len, ctxt, recyclable));
    }

    @Override
    protected JsonParser _createParser(byte[] data, int offset, int len, IOContext ctxt) throws IOException {
      return new Limited(super._createParser(data, offset, len, ctxt));
    }

    @Override
    protected JsonParser _createParser(DataInput input, IOContext ctxt) throws IOException {
      return new Limited(super._createParser(input, ctxt));
    }
  }

  /** The parser's moves to the next token, checked where one opens an array or object. */
  private static final class Limited extends JsonParserDelegate {
    Limited(JsonParser d) {
      super(d);
    }

    private JsonToken checked(JsonToken t) throws JsonParseException {
      if ((t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) && depth() > MAX_DEPTH) {
        throw new JsonParseException(delegate, TOO_DEEP);
      }
      return t;
    }

    private int depth() {
      int depth = 0;
      for (JsonStreamContext c = delegate.getParsingContext(); c != null; c = c.getParent()) {
        depth++;
      }
      return depth - 1; // the root context is no level
    }

    @Override
    public JsonToken nextToken() throws IOException {
      return checked(delegate.nextToken());
    }

    @Override
    public JsonToken nextValue() throws IOException {
      return checked(delegate.nextValue());
    }
    // nextFieldName, nextTextValue and the like call nextToken(): checked too.
  }
}

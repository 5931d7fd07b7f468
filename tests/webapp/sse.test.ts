/**
 * The mini-app's reader of server-sent events (webapp/src/lib/sse.ts), fed text the way a `fetch` stream hands it
 * over: cut anywhere, lines ending in LF, CRLF or CR, with comments, `retry:` and fields it does not know.
 */
import { describe, expect, it } from "vitest";
import { createSseParser, type ServerSentEvent } from "../../webapp/src/lib/sse";

function parse(chunks: string[]): { events: ServerSentEvent[]; retries: number[] } {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

/** The stream the server opens with: retry, ready, then an order. */
const OPENING = 'retry: 3000\nevent: ready\ndata: {}\n\nevent: order\ndata: {"id":123}\n\n';
const OPENING_EVENTS = [
  { type: "ready", data: "{}" },
  { type: "order", data: '{"id":123}' },
];

describe("the event-stream parser", () => {
  it("reads the server's opening: retry, ready and an order event", () => {
    expect(parse([OPENING])).toEqual({ events: OPENING_EVENTS, retries: [3000] });
  });

  it("gives the same events however the text is cut, down to one character at a time", () => {
    for (const size of [1, 2, 3, 7, 16]) {
      const chunks: string[] = [];
      for (let at = 0; at < OPENING.length; at += size) chunks.push(OPENING.slice(at, at + size));
      expect(parse(chunks)).toEqual({ events: OPENING_EVENTS, retries: [3000] });
    }
  });

  it("dispatches an event only at the blank line that ends it", () => {
    const events: ServerSentEvent[] = [];
    const parser = createSseParser({ onEvent: (event) => events.push(event) });
    parser.push('event: order\ndata: {"id":7}\n');
    expect(events).toEqual([]);
    parser.push("\n");
    expect(events).toEqual([{ type: "order", data: '{"id":7}' }]);
  });

  it("joins multi-line data with a line feed, and names an event without `event:` 'message'", () => {
    expect(parse(["data: first\ndata: second\ndata:\ndata:  two spaces\n\n"]).events).toEqual([
      { type: "message", data: "first\nsecond\n\n two spaces" },
    ]);
  });

  it("skips comments (the heartbeat) and unknown fields, and dispatches nothing for an event without data", () => {
    const chunks = [": ping\n\n", "id: 4\nfoo: bar\n\n", "event: ready\n\n", ":\n", 'event: order\n: mid-event\ndata: {"id":1}\n\n'];
    expect(parse(chunks).events).toEqual([{ type: "order", data: '{"id":1}' }]);
  });

  it("forgets the type of an event without data, so it does not leak into the next one", () => {
    expect(parse(["event: closed\n\ndata: x\n\n"]).events).toEqual([{ type: "message", data: "x" }]);
  });

  it("reads CRLF and lone CR line ends, a CRLF cut between its CR and LF counting as one line end", () => {
    const crlf = OPENING.replace(/\n/g, "\r\n");
    expect(parse([crlf]).events).toEqual(OPENING_EVENTS);
    expect(parse([OPENING.replace(/\n/g, "\r")]).events).toEqual(OPENING_EVENTS);
    const cut = crlf.indexOf("\r\n") + 1;
    expect(parse([crlf.slice(0, cut), crlf.slice(cut)])).toEqual({ events: OPENING_EVENTS, retries: [3000] });
    // Every cut of the CRLF text, each after a CR among them.
    for (let at = 1; at < crlf.length; at++) {
      expect(parse([crlf.slice(0, at), crlf.slice(at)]).events).toEqual(OPENING_EVENTS);
    }
  });

  it("takes a field without a colon as a field with an empty value, and only one space after the colon off", () => {
    expect(parse(["data\ndata:x\n\n"]).events).toEqual([{ type: "message", data: "\nx" }]);
    expect(parse(["event:order\ndata:{}\n\n"]).events).toEqual([{ type: "order", data: "{}" }]);
  });

  it("ignores a retry that is not a whole number of milliseconds", () => {
    expect(parse(["retry: soon\nretry: 1.5\nretry: -1\nretry: 2500\n\n"]).retries).toEqual([2500]);
  });

  it("drops a byte-order mark at the start, and an event the stream ended in the middle of", () => {
    expect(parse(["\uFEFFevent: ready\ndata: {}\n\nevent: order\ndata: {\"id\":9}\n"]).events).toEqual([{ type: "ready", data: "{}" }]);
  });
});

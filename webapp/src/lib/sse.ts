/**
 * Server-sent events read from a byte stream (the WHATWG "event stream" format), for a stream opened with `fetch`
 * rather than EventSource so the session's token travels in a header, never in the URL (lib/liveEvents.ts).
 * Text arrives in chunks cut anywhere: inside a line, between the CR and the LF of a CRLF, inside a field.
 */

export interface ServerSentEvent {
  /** The `event:` field; "message" when the event named none. */
  type: string;
  /** The `data:` lines joined with "\n". */
  data: string;
}

export interface SseHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** A `retry:` field: how long the server asks the client to wait before reconnecting, in ms. */
  onRetry?: (ms: number) => void;
}

/**
 * A parser fed decoded text as it arrives (`push`). Comments (`: ping`) and unknown fields are skipped; an event is
 * dispatched at the blank line that ends it, and only when it had data. What is left unfinished when the stream
 * ends is dropped, as the format says.
 */
export function createSseParser({ onEvent, onRetry }: SseHandlers): { push: (text: string) => void } {
  let pending = "";
  /** The last chunk ended with a CR: an LF starting the next one belongs to the same line end. */
  let afterCr = false;
  let first = true;
  let type = "";
  let data: string[] = [];

  function line(text: string): void {
    if (text === "") {
      if (data.length > 0) onEvent({ type: type || "message", data: data.join("\n") });
      type = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") type = value;
    else if (field === "data") data.push(value);
    else if (field === "retry" && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  function push(text: string): void {
    if (first && text !== "") {
      first = false;
      if (text.startsWith("\uFEFF")) text = text.slice(1);
    }
    if (afterCr && text.startsWith("\n")) text = text.slice(1);
    afterCr = false;
    pending += text;
    let start = 0;
    for (let at = 0; at < pending.length; at++) {
      const char = pending[at];
      if (char !== "\n" && char !== "\r") continue;
      line(pending.slice(start, at));
      if (char === "\r") {
        if (at + 1 === pending.length) afterCr = true;
        else if (pending[at + 1] === "\n") at++;
      }
      start = at + 1;
    }
    pending = pending.slice(start);
  }

  return { push };
}

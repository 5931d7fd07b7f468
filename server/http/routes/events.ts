/**
 * `GET /api/events` (issue 26): the signed-in person's live updates as server-sent events, read by the
 * mini-app with `fetch` and its bearer token (never in the URL). The contract (docs/decisions.md, "Live
 * updates: the server"):
 *   retry: 3000 / event: ready          once the stream hears changes
 *   event: order  data: {"id":N}        order N changed and this person may see it: refetch it
 *   : ping                              every LIVE_HEARTBEAT_MS
 *   event: closed data: {"reason":…}    the server ended it on purpose ("superseded", "signed-out"); then the end
 * Who hears what is server/services/live.ts. Never compressed (a compressor would hold the events back),
 * and `X-Accel-Buffering: no` asks a buffering proxy to pass each event on at once.
 */
import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIVE_RETRY_MS } from "../../domain/constants";
import type { Live, LiveCloseReason, LiveSink } from "../../services/live";

/** Events a client has not read yet beyond this: it is not reading, the stream is ended (it reconnects). */
const MAX_UNREAD_BYTES = 64 * 1024;

/** The wire form of the live service's messages. */
function sinkOn(stream: PassThrough): LiveSink {
  const write = (text: string) => {
    if (stream.writableEnded) return;
    if (stream.writableLength > MAX_UNREAD_BYTES) stream.end();
    else stream.write(text);
  };
  return {
    order: (orderId) => write(`event: order\ndata: {"id":${orderId}}\n\n`),
    ping: () => write(": ping\n\n"),
    close(reason: LiveCloseReason | null) {
      if (stream.writableEnded) return;
      if (reason) stream.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
      stream.end();
    },
  };
}

export const eventRoutes: FastifyPluginAsyncTypebox<{ live: Live }> = async (app, { live }) => {
  // Open streams would hold app.close() for ever: they end first (clients reconnect, to another instance).
  app.addHook("preClose", async () => live.closeAll());

  app.get(
    "/events",
    {
      config: { access: "signed-in" },
      compress: false,
      // A HEAD would open a stream nobody reads.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const stream = new PassThrough();
      const handle = await live.open(request.session!, sinkOn(stream));
      // The client went away (or the stream ended): the service forgets it.
      reply.raw.once("close", () => handle.detach());
      stream.once("close", () => handle.detach());
      if (request.raw.socket.destroyed) handle.detach();
      stream.write(`retry: ${LIVE_RETRY_MS}\nevent: ready\ndata: {}\n\n`);
      return reply
        .code(200)
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-store")
        .header("x-accel-buffering", "no")
        .send(stream);
    },
  );
};

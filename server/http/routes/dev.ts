/**
 * Development pages (never in production): the outbox of mails a development server did not send, and a
 * page that opens the mini-app in messenger mode, signed as Telegram would sign it, for a chosen test user, framed by
 * a stand-in of Telegram's controls (routes/devMessengerFrame.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import { Type, type Static } from "typebox";
import type { DevOutbox } from "../../services/mailer";
import { signInitData } from "../../services/telegramInitData";
import { contentSecurityPolicy, policyHeader } from "../security";
import { DEV_TELEGRAM_THEME, messengerFramePage, messengerFrameScript } from "./devMessengerFrame";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:24px auto;padding:0 16px;color:#e8efe9;background:#111815}
a{color:#5fd08a}label{display:block;margin:10px 0 4px}
input{width:100%;padding:8px;border-radius:8px;border:1px solid #2d3b33;background:#19231e;color:inherit}
button{margin-top:16px;padding:10px 18px;border:0;border-radius:10px;background:#3cc17a;color:#07130c;font-weight:700}
pre{white-space:pre-wrap;background:#19231e;padding:12px;border-radius:10px}.muted{color:#93a39a}</style></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`;

export const devRoutes: FastifyPluginAsync<{ outbox: DevOutbox; botToken: string | null; clock: () => number }> = async (
  app,
  { outbox, botToken, clock },
) => {
  app.get("/outbox", async (_request, reply) => {
    const mails = outbox.list();
    const items = mails.length
      ? mails
          .map((m) => `<p class="muted">${escape(m.at)} · to ${escape(m.to)}</p><pre>${escape(m.subject)}\n\n${escape(m.text)}</pre>`)
          .join("")
      : `<p class="muted">Nothing yet. Ask for a login code in the store.</p>`;
    return reply
      .type("text/html; charset=utf-8")
      .send(page("Dev outbox", `<p>Mail this development server kept instead of sending (no SMTP_URL).</p>${items}`));
  });

  app.get("/telegram", async (_request, reply) => {
    const body = botToken
      ? `<p>Opens the store as Telegram would, signed with this server's BOT_TOKEN, for the user below.</p>
<form action="/dev/telegram/open"><label>Telegram user id</label><input name="id" value="100001" inputmode="numeric">
<label>First name</label><input name="first_name" value="Test"><label>Last name</label><input name="last_name" value="Customer">
<label>Username</label><input name="username" value="test_customer"><label>Start parameter (referral code)</label><input name="start_param">
<button>Open in messenger mode</button></form>
<p class="muted">The store opens in a frame under a stand-in of Telegram's header (its Back button) and bottom bar (the
MainButton and SecondaryButton the app sets up), which answer the app as Telegram's client does.</p>`
      : `<p>Set <code>BOT_TOKEN</code> (any token of the form <code>123456:ABC…</code> works here) and restart to try messenger mode.</p>`;
    return reply.type("text/html; charset=utf-8").send(page("Try Telegram mode", body));
  });

  // The app's own policy, and this page may frame the store (the app's policy frames only maps).
  const appPolicy = contentSecurityPolicy();
  const framePagePolicy = policyHeader({ ...appPolicy, "frame-src": ["'self'", ...appPolicy["frame-src"]!] });

  // The stand-in for Telegram's client around the framed mini-app (webapp/src/lib/telegram.ts talks to it through
  // the SDK's iframe bridge, as it talks to Telegram Web).
  app.get("/telegram/frame.js", async (_request, reply) =>
    reply.header("cache-control", "no-store").type("text/javascript; charset=utf-8").send(messengerFrameScript),
  );

  const OpenQuery = Type.Object({
    id: Type.Optional(Type.String({ maxLength: 20 })),
    first_name: Type.Optional(Type.String({ maxLength: 64 })),
    last_name: Type.Optional(Type.String({ maxLength: 64 })),
    username: Type.Optional(Type.String({ maxLength: 32 })),
    start_param: Type.Optional(Type.String({ maxLength: 64 })),
  });
  app.get<{ Querystring: Static<typeof OpenQuery> }>("/telegram/open", { schema: { querystring: OpenQuery } }, async (request, reply) => {
    if (!botToken) return reply.redirect("/dev/telegram");
    const { id, first_name, last_name, username, start_param } = request.query;
    const userId = Number(id);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !first_name) {
      return reply
        .code(400)
        .type("text/html; charset=utf-8")
        .send(page("Try Telegram mode", `<p>A numeric user id and a first name are needed. <a href="/dev/telegram">Back</a></p>`));
    }
    const fields: Record<string, string> = {
      auth_date: String(Math.floor(clock() / 1000)),
      query_id: `dev${Date.now().toString(36)}`,
      user: JSON.stringify({ id: userId, first_name, last_name: last_name ?? "", username: username ?? "", language_code: "en" }),
    };
    if (start_param) fields.start_param = start_param;
    const launch = new URLSearchParams({
      tgWebAppData: signInitData(fields, botToken),
      tgWebAppVersion: "8.0",
      tgWebAppPlatform: "tdesktop",
      tgWebAppThemeParams: JSON.stringify(DEV_TELEGRAM_THEME),
    });
    return reply
      .header("cache-control", "no-store")
      .header("content-security-policy", framePagePolicy)
      .type("text/html; charset=utf-8")
      .send(messengerFramePage(`/#${launch.toString()}`, { id: userId, name: first_name }));
  });
};

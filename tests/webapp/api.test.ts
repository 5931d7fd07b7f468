/**
 * The mini-app's one API client (webapp/src/lib/api.ts) in Node, with `fetch` answered by the test: multipart
 * uploads and file downloads go through it like every call (issue 21, defect 5), so they carry the session and,
 * when the server says the session is dead, hand it to lib/session.ts, which opens the sign-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

type Api = typeof import("../../webapp/src/lib/api");
type Session = typeof import("../../webapp/src/lib/session");
let api: Api;
let session: Session;

interface Sent {
  url: string;
  init: RequestInit;
}
let sent: Sent[];

/** The next answer of the stubbed `fetch`. */
function answerWith(response: Response): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return response;
    }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const DEAD_SESSION = { error: "SIGN_IN_REQUIRED", message: "Please log in again." };

beforeAll(async () => {
  // What lib/session.ts needs of a browser: storage and the window's storage events.
  const stored = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal("window", { addEventListener: () => undefined });
  session = await import("../../webapp/src/lib/session");
  api = await import("../../webapp/src/lib/api");
});

beforeEach(() => {
  sent = [];
  session.keepToken("token-of-the-admin");
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("a multipart upload", () => {
  it("is sent as the FormData it is, with the session and without a JSON content type", async () => {
    answerWith(json(201, { product: { id: 7 } }));
    const form = new FormData();
    form.set("name", "Jack Herer");
    form.set("file-0", new Blob(["photo"], { type: "image/png" }), "photo.png");

    expect(await api.apiRequest("/api/admin/products", { method: "POST", body: form })).toEqual({ product: { id: 7 } });
    const { url, init } = sent[0]!;
    expect(url).toBe("/api/admin/products");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer token-of-the-admin");
    // The browser writes the multipart content type with its boundary.
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain("content-type");
  });

  it("answered 'sign in again' drops the session and opens the sign-in, with the server's text", async () => {
    const lost = vi.fn();
    const stop = session.onSessionLost(lost);
    answerWith(json(401, DEAD_SESSION));
    const failure = await api.apiRequest("/api/admin/shops/3", { method: "PUT", body: new FormData() }).catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(api.ApiRequestError);
    expect(failure).toMatchObject({ failure: 401, code: "SIGN_IN_REQUIRED", message: "Please log in again." });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(session.storedToken()).toBeNull();
  });
});

describe("a file download", () => {
  it("reads the file as a Blob, with the server's name for it", async () => {
    answerWith(
      new Response("product,sold\nJack Herer,3\n", { status: 200, headers: { "content-disposition": 'attachment; filename="stats.csv"' } }),
    );
    const { response, body } = await api.apiCall("/api/admin/stats.csv", { query: { from: "2026-11-01", shop_id: undefined } }, (answer) =>
      answer.blob(),
    );
    expect(sent[0]!.url).toBe("/api/admin/stats.csv?from=2026-11-01");
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer token-of-the-admin");
    expect(await body.text()).toBe("product,sold\nJack Herer,3\n");
    expect(response.headers.get("content-disposition")).toContain("stats.csv");
  });

  it("refused for a dead session opens the sign-in like any call, and says why", async () => {
    const lost = vi.fn();
    const stop = session.onSessionLost(lost);
    answerWith(json(401, DEAD_SESSION));
    const failure = await api.apiCall("/api/admin/stats.csv", {}, (answer) => answer.blob()).catch((error: unknown) => error);
    stop();
    expect(failure).toMatchObject({ failure: 401, code: "SIGN_IN_REQUIRED", message: "Please log in again." });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("refused for another reason keeps the session and carries the server's text", async () => {
    const lost = vi.fn();
    const stop = session.onSessionLost(lost);
    answerWith(json(403, { error: "FORBIDDEN", message: "Отказано в доступе." }));
    const failure = await api.apiCall("/api/admin/stats.csv", {}, (answer) => answer.blob()).catch((error: unknown) => error);
    stop();
    expect(failure).toMatchObject({ failure: 403, message: "Отказано в доступе." });
    expect(lost).not.toHaveBeenCalled();
    expect(session.storedToken()).toBe("token-of-the-admin");
  });
});

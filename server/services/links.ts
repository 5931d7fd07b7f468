/**
 * Signed links: the pickup QR opens the hand-over screen only for the order it was made for. The key is a
 * setting written once per database (the first writer's value holds) and read once per process, in a unit
 * of its own: call these outside any other unit of work.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";
import type { DB } from "../../db/connection";
import { ensureSetting } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { paths } from "../domain/paths";

export type LinkSigner = ReturnType<typeof createLinkSigner>;

export function createLinkSigner(db: DB) {
  let secret: Promise<KeyObject> | null = null;
  const key = () =>
    (secret ??= unitOfWorkOf(db)
      .named("links")
      .write("secret", (tx) => ensureSetting(tx, "link_secret", randomBytes(32).toString("hex")))
      .then((value) => createSecretKey(Buffer.from(value, "utf8"))));
  const signature = async (orderId: number) =>
    createHmac("sha256", await key()).update(`manage:${orderId}`).digest("base64url").slice(0, 22);

  return {
    /** The path the pickup QR encodes. */
    async managePath(orderId: number): Promise<string> {
      return paths.manageOrder(orderId, await signature(orderId));
    },
    async verifyManage(orderId: number, sig: string): Promise<boolean> {
      const expected = Buffer.from(await signature(orderId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

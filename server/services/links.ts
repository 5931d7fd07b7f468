/** Signed links: the pickup QR opens the hand-over screen only for the order it was made for. */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";
import type { DB } from "../../db/connection";
import { ensureSetting } from "../../db/repositories/users";

export type LinkSigner = ReturnType<typeof createLinkSigner>;

export function createLinkSigner(db: DB) {
  let secret: Promise<KeyObject> | null = null;
  const key = () =>
    (secret ??= ensureSetting(db, "link_secret", randomBytes(32).toString("hex")).then((value) => createSecretKey(Buffer.from(value, "utf8"))));
  const signature = async (orderId: number) =>
    createHmac("sha256", await key()).update(`manage:${orderId}`).digest("base64url").slice(0, 22);

  return {
    /** The path the pickup QR encodes. */
    async managePath(orderId: number): Promise<string> {
      return `/order/manage/${orderId}?sig=${await signature(orderId)}`;
    },
    async verifyManage(orderId: number, sig: string): Promise<boolean> {
      const expected = Buffer.from(await signature(orderId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Shop staff (design §2): admins grant and revoke the roles `owner` (the spec's shop admin) and `manager`
 * per shop, to a user who has signed in once. The mini-app learns a user's roles from /api/me. Each use case
 * is one unit of work (db/unitOfWork.ts); the list pages (owners first, then by user id), and a grant and a
 * revoke answer with its first page as that unit left it.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { deleteShopStaff, findLiveShop, listShopStaff, upsertShopStaff } from "../../db/repositories/staff";
import { findUserByEmail, findUserByTelegramId } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { normaliseEmail } from "../domain/auth";
import type { StaffMember } from "../domain/contracts/staff";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { NotFoundError, ValidationError } from "../domain/errors";
import { keyPageOf, readKeyCursor } from "../domain/paging";
import type { StaffRole } from "../domain/handover";
import { personName } from "./notices";

export type Staff = ReturnType<typeof createStaff>;

export type StaffWho = { email: string } | { telegramId: number };

export interface StaffPaging {
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface StaffPage {
  staff: StaffMember[];
  next_cursor: string | null;
}

/** The role part of a staff list cursor. */
const roleOfCursor = (part: string): StaffRole | undefined => (part === "owner" || part === "manager" ? part : undefined);

export function createStaff({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("staff");

  async function liveShop(tx: Executor, shopId: number) {
    const shop = await findLiveShop(tx, shopId);
    if (!shop) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
    return shop;
  }

  /** A page of the shop's staff (the first when no cursor): owners first, then by user id. */
  async function staffOf(tx: Executor, shopId: number, paging: StaffPaging = {}): Promise<StaffPage> {
    const after = paging.cursor === undefined ? null : readKeyCursor(paging.cursor, roleOfCursor);
    await liveShop(tx, shopId);
    const limit = paging.limit ?? PAGE_DEFAULT;
    const rows = await listShopStaff(tx, shopId, { after: after && { role: after.part, userId: after.id }, limit: limit + 1 });
    const page = keyPageOf(
      rows.map((r) => ({
        id: r.user_id,
        role: r.role,
        email: r.email,
        telegram_id: r.telegram_id,
        name: personName(r),
        created: r.created_at,
      })),
      limit,
      (member) => member.role,
    );
    return { staff: page.rows.map(({ id, ...member }) => ({ user_id: id, ...member })), next_cursor: page.next_cursor };
  }

  return {
    async list(shopId: number, paging: StaffPaging = {}): Promise<StaffPage> {
      return units.read("list", (tx) => staffOf(tx, shopId, paging));
    },

    /** Grants a role at a shop to a user who signed in once (404 otherwise); answers the first page of its staff. */
    async grant(shopId: number, who: StaffWho, role: StaffRole): Promise<StaffPage> {
      return units.write("grant", async (tx) => {
        await liveShop(tx, shopId);
        const user = "email" in who ? await findUserByEmail(tx, normaliseEmail(who.email)) : await findUserByTelegramId(tx, who.telegramId);
        if (!user) throw new NotFoundError("User", "No user with that e-mail or Telegram id has signed in yet");
        // The staff row is keyed by (shop, user): a grant at once with another, or with a revoke, is one of them.
        await upsertShopStaff(tx, { shop_id: shopId, user_id: user.id, role, created_at: new Date(clock()).toISOString() });
        return staffOf(tx, shopId);
      });
    },

    async revoke(shopId: number, userId: number): Promise<StaffPage> {
      return units.write("revoke", async (tx) => {
        await liveShop(tx, shopId);
        // The delete's row count decides: of two revokes at once, the second is a 404.
        if (!(await deleteShopStaff(tx, shopId, userId))) {
          throw new NotFoundError("Staff member", "User {userId} is not on the staff of shop {shopId}", { userId, shopId });
        }
        return staffOf(tx, shopId);
      });
    },
  };
}

/** Reads `{ email | telegram_id }`: exactly one of them. */
export function staffWho(body: { email?: string; telegram_id?: number }): StaffWho {
  if ((body.email === undefined) === (body.telegram_id === undefined)) {
    throw new ValidationError("email", "Give either email or telegram_id");
  }
  return body.email !== undefined ? { email: body.email } : { telegramId: body.telegram_id! };
}

/** Who a signed-in user is to the API's access check (server/http/access.ts): an admin, shop staff. */
import type { DB } from "../../db/connection";
import { isAdmin, selectStaffRoles } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { ForbiddenError } from "../domain/errors";

export function createRoles({ db }: { db: DB }) {
  const units = unitOfWorkOf(db).named("roles");
  return {
    /** Refuses (403) anyone who is not an admin now. */
    async requireAdmin(userId: number): Promise<void> {
      if (!(await units.read("requireAdmin", (tx) => isAdmin(tx, userId)))) throw new ForbiddenError();
    },
    /** Refuses (403) anyone who is neither an admin nor staff of a shop. */
    async requireStaff(userId: number): Promise<void> {
      const allowed = await units.read(
        "requireStaff",
        async (tx) => (await isAdmin(tx, userId)) || (await selectStaffRoles(tx, userId)).length > 0,
      );
      if (!allowed) throw new ForbiddenError();
    },
  };
}

export type Roles = ReturnType<typeof createRoles>;

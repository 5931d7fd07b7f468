/** The back office's real services, made as the HTTP app makes them, as the bot's admin commands get them. */
import { join } from "node:path";
import { tmpdir } from "node:os";
import type { BackOffice } from "../../bot/context";
import type { DB } from "../../db/connection";
import { createAdminProducts } from "../../server/services/adminProducts";
import { createImageStore } from "../../server/services/images";
import { createStats } from "../../server/services/stats";
import { createStock } from "../../server/services/stock";

export function backOfficeFor(db: DB, clock: () => number): BackOffice {
  // The bot only lists products: nothing is ever written to this folder.
  const images = createImageStore({ uploadsDir: join(tmpdir(), "bot-admin-test-uploads-unused") });
  return {
    stock: createStock({ db, clock }),
    adminProducts: createAdminProducts({ db, images, clock }),
    stats: createStats({ db, clock }),
  };
}

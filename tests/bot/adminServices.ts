/** The back office's real services, made as the HTTP app makes them and adapted for the bot as the composition root does. */
import { join } from "node:path";
import { tmpdir } from "node:os";
import { adminBotServices } from "../../bot/features/admin/backOffice";
import type { AdminBotServices } from "../../bot/features/admin/ports";
import type { DB } from "../../db/connection";
import { createAdminProducts } from "../../server/services/adminProducts";
import { createImageStore } from "../../server/services/images";
import { createStats } from "../../server/services/stats";
import { createStock } from "../../server/services/stock";

export function adminServicesFor(db: DB, clock: () => number): AdminBotServices {
  // The bot only lists products: nothing is ever written to this folder.
  const images = createImageStore({ uploadsDir: join(tmpdir(), "bot-admin-test-uploads-unused") });
  return adminBotServices({
    stock: createStock({ db, clock }),
    adminProducts: createAdminProducts({ db, images, clock }),
    stats: createStats({ db, clock }),
  });
}

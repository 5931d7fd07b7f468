/**
 * `npm run start:bot`: the Telegram bot (long polling) and the outbox worker alone, against the same
 * database as the API, with no HTTP and no jobs (as before workers existed). Run the API with BOT_MODE=off
 * then, so that only one process polls Telegram. `npm run start:worker` does this and the jobs too.
 */
import { main } from "../server/main";

main("bot").catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run start:worker`: the bot (polling, or webhook with BOT_MODE=webhook), the outbox, the pickup hold
 * clock, the TON watcher and scheduled backups, on the same database as the API instances. Its HTTP on PORT
 * answers /api/health and /api/ready (and in webhook mode /telegram/webhook) only. docs/operations.md.
 */
import { main } from "../server/main";

main("worker").catch((error) => {
  console.error(error);
  process.exit(1);
});

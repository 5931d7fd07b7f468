/**
 * Run as a child process: places an order with the real service on the database file given, and is
 * killed (SIGKILL, no cleanup) from inside the transaction, after the stock was taken and before the
 * order lines are written.
 */
import { writeSync } from "node:fs";
import { sql } from "kysely";
import { openDatabase, sqliteHandleOf } from "../../db/connection";
import { createLinkSigner } from "../../server/services/links";
import { createOrders } from "../../server/services/orders";

const [file, userId, shopId, productId] = process.argv.slice(2).map((v, i) => (i === 0 ? v : Number(v))) as [
  string,
  number,
  number,
  number,
];
const db = openDatabase(file);
sqliteHandleOf(db)!.function("die_now", () => {
  writeSync(1, "dying inside the placement transaction\n");
  process.kill(process.pid, "SIGKILL");
});
await sql.raw("create temp trigger die_mid_placement before insert on order_lines begin select die_now(); end").execute(db);
const orders = createOrders({ db, clock: Date.now, links: createLinkSigner(db) });
await orders.placeOrder({
  userId,
  idempotencyKey: "killed-mid-placement",
  body: { shop_id: shopId, items: [{ product_id: productId, option_id: 0, amount: 3 }], delivery_option: 1, payment_option: 1 },
});
console.log("survived: the kill did not happen");

/**
 * The whole product's schema (spec section 3, design §2–§6). Frozen: never edit a migration that has
 * shipped; add a new one. It takes Kysely<any> and imports nothing of the application.
 */
import { sql, type Kysely } from "kysely";
import { bigIntegerType, idColumn, isPostgres, nowDefault } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const now = nowDefault(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", id)
    .addColumn("telegram_id", bigIntegerType(db), (c) => c.unique())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("username", "text")
    .addColumn("photo_url", "text")
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_admin in (0, 1)`))
    .addColumn("reflink", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text")
    .addColumn("delivery_address", "text")
    .addColumn("delivery_address_link", "text")
    // Set when the bot got a 403: the user blocked it, so the outbox stops trying.
    .addColumn("telegram_unreachable_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("users_identity", sql`telegram_id is not null or email is not null`)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("auth_type", "text", (c) => c.notNull().check(sql`auth_type in ('EMAIL', 'TELEGRAM')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("last_seen_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("login_codes")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("login_codes_email").on("login_codes").columns(["email", "created_at"]).execute();

  await db.schema
    .createTable("shops")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("city_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("district", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("map_link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_filename", "text")
    // The spec's shop admin e-mail: the owner before (and after) they have an account.
    .addColumn("admin_email", "text")
    .addColumn("ton_wallet", "text")
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_deleted in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("shop_staff")
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'manager')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("shop_staff_pk", ["shop_id", "user_id"])
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("full_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_id", "integer", (c) => c.notNull().check(sql`category_id between 1 and 5`))
    .addColumn("hot_deal", "integer", (c) => c.notNull().defaultTo(0).check(sql`hot_deal in (0, 1)`))
    .addColumn("in_all_list", "integer", (c) => c.notNull().defaultTo(1).check(sql`in_all_list in (0, 1)`))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(999).check(sql`position >= 1`))
    .addColumn("is_inactive", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_inactive in (0, 1)`))
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_deleted in (0, 1)`))
    .addColumn("default_option_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("step", "integer", (c) => c.notNull().defaultTo(1).check(sql`step >= 1`))
    .addColumn("max_amount", "integer", (c) => c.check(sql`max_amount is null or max_amount >= 1`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  // Option 0 is the base product (its own price); extra options get ids >= 1, unique across products.
  await db.schema
    .createTable("product_options")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("option_id", "integer", (c) => c.notNull().check(sql`option_id >= 0`))
    .addColumn("per_price", "integer", (c) => c.notNull().check(sql`per_price >= 0`))
    .addColumn("cost_price", "integer", (c) => c.notNull().defaultTo(0).check(sql`cost_price >= 0`))
    .addColumn("price_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("gift_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("img_index", "integer")
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_deleted in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("product_options_pk", ["product_id", "option_id"])
    .execute();
  await db.schema
    .createIndex("product_options_extra_id")
    .on("product_options")
    .column("option_id")
    .unique()
    .where(sql.ref("option_id"), ">", 0)
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("direct_link", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("product_images_file", ["product_id", "filename"])
    .execute();

  // Stock per (shop, product, option); never negative, so a reservation can never oversell.
  await db.schema
    .createTable("stock")
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("option_id", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("stock_pk", ["shop_id", "product_id", "option_id"])
    .addForeignKeyConstraint("stock_option", ["product_id", "option_id"], "product_options", ["product_id", "option_id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("stock_product").on("stock").columns(["product_id", "option_id"]).execute();

  await db.schema
    .createTable("wishlist")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("wishlist_pk", ["user_id", "product_id"])
    .execute();
  await db.schema.createIndex("wishlist_product").on("wishlist").column("product_id").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('P', 'N', 'W', 'S', 'C')`))
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("P").check(sql`payment_status in ('P', 'S')`))
    .addColumn("delivery_status", "text", (c) => c.notNull().defaultTo("P").check(sql`delivery_status in ('P', 'A', 'S')`))
    .addColumn("payment_option", "integer", (c) => c.notNull().defaultTo(0).check(sql`payment_option between 0 and 3`))
    .addColumn("delivery_option", "integer", (c) => c.notNull().defaultTo(0).check(sql`delivery_option between 0 and 2`))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery_address_link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("map_html", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_reserved", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_reserved in (0, 1)`))
    .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0).check(sql`discount_percent between 0 and 100`))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn("discounted_price", "integer", (c) => c.notNull().check(sql`discounted_price >= 0`))
    .addColumn("total_cost_price", "integer", (c) => c.notNull().check(sql`total_cost_price >= 0`))
    .addColumn("paid_with_bonus", "integer", (c) => c.notNull().defaultTo(0).check(sql`paid_with_bonus in (0, 1)`))
    .addColumn("manager_id", "integer", (c) => c.references("users.id"))
    .addColumn("hold_until", "text")
    .addColumn("hold_reminded_at", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("request_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("orders_idempotency", ["user_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_shop_status").on("orders").columns(["shop_id", "status"]).execute();
  await db.schema.createIndex("orders_hold").on("orders").columns(["status", "hold_until"]).execute();

  // Price snapshots: what the customer was charged, whatever the catalogue says later.
  await db.schema
    .createTable("order_lines")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("option_id", "integer", (c) => c.notNull())
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("price_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("per_price", "integer", (c) => c.notNull().check(sql`per_price >= 0`))
    .addColumn("cost_price", "integer", (c) => c.notNull().check(sql`cost_price >= 0`))
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .execute();
  await db.schema.createIndex("order_lines_order").on("order_lines").column("order_id").execute();
  await db.schema.createIndex("order_lines_product").on("order_lines").column("product_id").execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id"))
    .addColumn("data", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").column("order_id").execute();

  // Append-only; the balance is the sum. One referral income per (partner, order) at most.
  await db.schema
    .createTable("bonus_ledger")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('income', 'exp')`))
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("source_user_id", "integer", (c) => c.references("users.id"))
    .addColumn("wholesale", "integer", (c) => c.notNull().defaultTo(0).check(sql`wholesale in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("bonus_ledger_once", ["user_id", "type", "order_id"])
    .execute();
  await db.schema.createIndex("bonus_ledger_user").on("bonus_ledger").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("referrals")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("referrals_not_self", sql`user_id <> partner_id`)
    .execute();
  await db.schema.createIndex("referrals_partner").on("referrals").column("partner_id").execute();

  await db.schema
    .createTable("referral_views")
    .addColumn("id", "integer", id)
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("visitor_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("referral_views_once", ["partner_id", "visitor_key"])
    .execute();

  // Notifications are written here in the same transaction as the change they tell of; a worker sends them.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  // One counter that every change a customer listing shows moves, from any process and any write path:
  // pollers compare it instead of rebuilding the catalogue.
  await db.schema
    .createTable("change_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into change_counters (name, version) values ('catalog', 0)`.execute(db);
  const bump = "update change_counters set version = version + 1 where name = 'catalog'";
  const watched: Record<string, string[]> = {
    products: ["insert", "update", "delete"],
    product_options: ["insert", "update", "delete"],
    product_images: ["insert", "update", "delete"],
    stock: ["insert", "update", "delete"],
    shops: ["insert", "update", "delete"],
    wishlist: ["insert", "delete"],
  };
  if (isPostgres(db)) {
    // Deferred to the commit: the counter's row is locked only from the commit's start to its end, not for
    // the whole of every transaction that moves stock (every placement would wait for the one before it).
    await sql
      .raw(`create function bump_catalog_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`)
      .execute(db);
    for (const [table, events] of Object.entries(watched)) {
      await sql
        .raw(
          `create constraint trigger ${table}_catalog after ${events.join(" or ")} on ${table}
           deferrable initially deferred for each row execute function bump_catalog_version()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create constraint trigger orders_status_catalog after update of status on orders
         deferrable initially deferred for each row when ((old.status = 'S') <> (new.status = 'S'))
         execute function bump_catalog_version()`,
      )
      .execute(db);
    return;
  }
  for (const [table, events] of Object.entries(watched)) {
    for (const event of events) {
      await sql
        .raw(`create trigger ${table}_${event}_catalog after ${event} on ${table} begin ${bump}; end`)
        .execute(db);
    }
  }
  // Product stats count completed orders: only a change into or out of S moves them.
  await sql
    .raw(
      `create trigger orders_status_catalog after update of status on orders
       when (old.status = 'S') <> (new.status = 'S') begin ${bump}; end`,
    )
    .execute(db);
}

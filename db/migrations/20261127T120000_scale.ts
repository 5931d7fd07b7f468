/**
 * A year of data (issue 23): indexes for the reads that sorted or scanned whole tables on a year's database,
 * and the statistics' roll-up. Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 *
 * The roll-up (docs/decisions.md, "Statistics from a roll-up"): per island day and shop the completed orders'
 * sums (`stats_days`), the same per product (`stats_product_days`), and per product how many completed orders
 * hold it (`stats_products`, the catalogue's figure). Shop 0 is no shop: its rows are the sums over every shop,
 * so a whole-store question reads as few rows as one shop's. The hand-over writes an order's share in the unit
 * that completes it; `stats_product_months` holds the product sums by island month, so a year reads 12 months.
 * Two counters in `change_counters` say whether the roll-up holds every completed order:
 * `completed_orders` is moved by triggers on any write that adds, removes or changes a completed order (any
 * process, any path: a seed, a script), `stats_rollup` by the code that writes the roll-up. While they differ the
 * roll-up is rebuilt from the orders before it is read. It starts empty and behind (-1), so the first read
 * builds it from whatever the database holds.
 */
import { sql, type Kysely } from "kysely";
import { bigIntegerType, isPostgres } from "./engine";

/** PostgreSQL statement triggers' transition tables, by event. */
const TRANSITION_TABLES = {
  insert: "new table as new_rows",
  delete: "old table as old_rows",
  update: "old table as old_rows new table as new_rows",
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  const big = bigIntegerType(db);

  // Staff lists (a shop's, a manager's, every shop's, by status) newest first: the index gives the order, so a
  // page reads its rows and stops. SQLite keys every index by rowid already; PostgreSQL needs the id named.
  await db.schema.createIndex("orders_shop_status_id").on("orders").columns(["shop_id", "status", "id"]).execute();
  await db.schema.createIndex("orders_manager_status_id").on("orders").columns(["manager_id", "status", "id"]).execute();
  await db.schema.createIndex("orders_status_id").on("orders").columns(["status", "id"]).execute();
  await db.schema.dropIndex("orders_shop_status").execute();
  await db.schema.dropIndex("orders_manager").execute();
  // A customer's orders newest first (by id), with or without a status.
  await db.schema.createIndex("orders_user_status_id").on("orders").columns(["user_id", "status", "id"]).execute();
  await db.schema.createIndex("orders_user_id").on("orders").columns(["user_id", "id"]).execute();
  await db.schema.dropIndex("orders_user_status").execute();
  // The bonus history newest first, all of it or one kind. The incomes from one referral page by
  // bonus_ledger_source_id (user_id, source_user_id, id), which 20261127T110000_paging made; it replaces this one.
  await db.schema.createIndex("bonus_ledger_user_id").on("bonus_ledger").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("bonus_ledger_user_type_id").on("bonus_ledger").columns(["user_id", "type", "id"]).execute();
  await db.schema.dropIndex("bonus_ledger_source").execute();
  // A balance and the income and expense sums (every cabinet, every staff order's "can pay with bonus") read the
  // index alone: a partner with thousands of entries costs an index range, not a row read each.
  await db.schema.createIndex("bonus_ledger_user_sums").on("bonus_ledger").columns(["user_id", "type", "amount"]).execute();
  // An order's events by kind (the completion time: its first event into S).
  await db.schema.createIndex("order_events_order_status").on("order_events").columns(["order_id", "to_status"]).execute();

  await db.schema
    .createTable("stats_days")
    .addColumn("shop_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("orders", big, (c) => c.notNull())
    .addColumn("discounted", big, (c) => c.notNull())
    .addColumn("cost", big, (c) => c.notNull())
    .addColumn("sales", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_days_pk", ["shop_id", "day"])
    .execute();
  await db.schema
    .createTable("stats_product_days")
    .addColumn("shop_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("orders", big, (c) => c.notNull())
    .addColumn("items", big, (c) => c.notNull())
    .addColumn("cost", big, (c) => c.notNull())
    .addColumn("charged", big, (c) => c.notNull())
    .addColumn("sales", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_product_days_pk", ["shop_id", "day", "product_id"])
    .execute();
  // The same by island month (YYYY-MM): a year's question reads 12 months of rows, not 365 days of them.
  await db.schema
    .createTable("stats_product_months")
    .addColumn("shop_id", "integer", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("orders", big, (c) => c.notNull())
    .addColumn("items", big, (c) => c.notNull())
    .addColumn("cost", big, (c) => c.notNull())
    .addColumn("charged", big, (c) => c.notNull())
    .addColumn("sales", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_product_months_pk", ["shop_id", "month", "product_id"])
    .execute();
  await db.schema
    .createTable("stats_products")
    .addColumn("product_id", "integer", (c) => c.primaryKey())
    .addColumn("orders", big, (c) => c.notNull())
    .execute();

  // A manager's done orders per shop (the cabinet's "mine" count: a busy manager hands over 100k orders a year).
  await db.schema
    .createTable("stats_managers")
    .addColumn("manager_id", "integer", (c) => c.notNull())
    .addColumn("shop_id", "integer", (c) => c.notNull())
    .addColumn("orders", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_managers_pk", ["manager_id", "shop_id"])
    .execute();

  await bonusTotals(db);
  await referralFigures(db);

  await sql`insert into change_counters (name, version) values ('stats_rollup', -1)`.execute(db);
  await sql`insert into change_counters (name, version) select 'completed_orders', count(*) from orders where status = 'S'`.execute(db);
  const bump = "update change_counters set version = version + 1 where name = 'completed_orders'";
  const when = {
    insert: "new.status = 'S'",
    delete: "old.status = 'S'",
    update: "old.status = 'S' or new.status = 'S'",
  };
  const on = { insert: "insert", delete: "delete", update: "update of status, shop_id, discounted_price" };
  if (isPostgres(db)) {
    // Once per statement, over its transition tables: a bulk load (seed:year) moves the counter once per batch,
    // not once per row, and leaves no deferred events pending (CREATE INDEX refuses a table that has some).
    const moved = (rows: string) => `if exists (${rows}) then ${bump}; end if;`;
    await sql
      .raw(
        `create function completed_orders_changed() returns trigger language plpgsql as $$ begin
           if tg_op = 'INSERT' then ${moved("select 1 from new_rows where status = 'S'")}
           elsif tg_op = 'DELETE' then ${moved("select 1 from old_rows where status = 'S'")}
           else ${moved(
             `select 1 from old_rows o join new_rows n on n.id = o.id where (o.status = 'S' or n.status = 'S')
              and (o.status, o.shop_id, o.discounted_price) is distinct from (n.status, n.shop_id, n.discounted_price)`,
           )}
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    for (const event of ["insert", "delete", "update"] as const) {
      await sql
        .raw(
          `create trigger orders_${event}_completed after ${event} on orders referencing ${TRANSITION_TABLES[event]}
           for each statement execute function completed_orders_changed()`,
        )
        .execute(db);
    }
    return;
  }
  for (const event of ["insert", "delete", "update"] as const) {
    await sql
      .raw(`create trigger orders_${event}_completed after ${on[event]} on orders when ${when[event]} begin ${bump}; end`)
      .execute(db);
  }
}

/**
 * Each user's bonus income and expense sums, kept by triggers on the ledger (any writer: the store, a seed, a
 * script), so a balance is one row however long the history (docs/decisions.md "Bonus sums kept by the database").
 */
async function bonusTotals(db: Kysely<any>): Promise<void> {
  const big = bigIntegerType(db);
  await db.schema
    .createTable("bonus_totals")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("income", big, (c) => c.notNull())
    .addColumn("exp", big, (c) => c.notNull())
    .execute();
  await sql`insert into bonus_totals (user_id, income, exp)
    select user_id, coalesce(sum(case when type = 'income' then amount else 0 end), 0),
      coalesce(sum(case when type = 'exp' then amount else 0 end), 0)
    from bonus_ledger group by user_id`.execute(db);
  const part = (row: "new" | "old", type: "income" | "exp") => `case when ${row}.type = '${type}' then ${row}.amount else 0 end`;
  const add = (row: "new" | "old", sign: "+" | "-") =>
    `insert into bonus_totals (user_id, income, exp) values (${row}.user_id, ${sign}${part(row, "income")}, ${sign}${part(row, "exp")})
     on conflict (user_id) do update set income = bonus_totals.income + excluded.income, exp = bonus_totals.exp + excluded.exp`;
  if (isPostgres(db)) {
    // Once per statement over its transition tables (a bulk load writes thousands of entries a statement).
    const apply = (rows: "new_rows" | "old_rows", sign: "" | "-") =>
      `insert into bonus_totals (user_id, income, exp)
       select user_id, ${sign}sum(case when type = 'income' then amount else 0 end),
         ${sign}sum(case when type = 'exp' then amount else 0 end)
       from ${rows} group by user_id order by user_id
       on conflict (user_id) do update set income = bonus_totals.income + excluded.income, exp = bonus_totals.exp + excluded.exp`;
    await sql
      .raw(
        `create function bonus_totals_apply() returns trigger language plpgsql as $$ begin
           if tg_op in ('UPDATE', 'DELETE') then ${apply("old_rows", "-")}; end if;
           if tg_op in ('INSERT', 'UPDATE') then ${apply("new_rows", "")}; end if;
           return null;
         end $$`,
      )
      .execute(db);
    for (const event of ["insert", "delete", "update"] as const) {
      await sql
        .raw(
          `create trigger bonus_ledger_totals_${event} after ${event} on bonus_ledger referencing ${TRANSITION_TABLES[event]}
           for each statement execute function bonus_totals_apply()`,
        )
        .execute(db);
    }
    return;
  }
  await sql.raw(`create trigger bonus_ledger_totals_insert after insert on bonus_ledger begin ${add("new", "+")}; end`).execute(db);
  await sql.raw(`create trigger bonus_ledger_totals_delete after delete on bonus_ledger begin ${add("old", "-")}; end`).execute(db);
  await sql
    .raw(`create trigger bonus_ledger_totals_update after update on bonus_ledger begin ${add("old", "-")}; ${add("new", "+")}; end`)
    .execute(db);
}

/**
 * Each referral's completed orders and what they have earned their partner, kept on the referrals row by triggers
 * on the orders, the ledger and the referrals themselves (any writer), so the partner's referral list reads a page
 * of rows, not every referral's orders and incomes (docs/decisions.md "Referral figures kept on the referral").
 */
async function referralFigures(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("referrals").addColumn("orders_done", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("referrals").addColumn("income", bigIntegerType(db), (c) => c.notNull().defaultTo(0)).execute();
  const recount = (where: string) =>
    `update referrals set
       orders_done = (select count(*) from orders o where o.user_id = referrals.user_id and o.status = 'S'),
       income = (select coalesce(sum(l.amount), 0) from bonus_ledger l
                  where l.user_id = referrals.partner_id and l.source_user_id = referrals.user_id and l.type = 'income')
     where ${where}`;
  await sql.raw(recount("true")).execute(db);
  // A partner's referrals newest first, all or those with (without) a completed order, and the count of the active.
  await db.schema.createIndex("referrals_partner_user").on("referrals").columns(["partner_id", "user_id"]).execute();
  await db.schema.createIndex("referrals_partner_done").on("referrals").columns(["partner_id", "orders_done", "user_id"]).execute();
  await db.schema.dropIndex("referrals_partner").execute();

  if (isPostgres(db)) {
    // Once per statement over its transition tables, as the ledger's sums: a bulk load writes thousands of rows.
    const ordersDelta = (parts: string[]) =>
      `update referrals r set orders_done = r.orders_done + c.n
       from (select user_id, sum(d) as n from (${parts.join(" union all ")}) x group by user_id) c
       where r.user_id = c.user_id and c.n <> 0`;
    const doneIn = (rows: string, d: string) => `select user_id, ${d} as d from ${rows} where status = 'S'`;
    await sql
      .raw(
        `create function referral_orders_apply() returns trigger language plpgsql as $$ begin
           if tg_op = 'INSERT' then ${ordersDelta([doneIn("new_rows", "1")])};
           elsif tg_op = 'DELETE' then ${ordersDelta([doneIn("old_rows", "-1")])};
           else ${ordersDelta([doneIn("old_rows", "-1"), doneIn("new_rows", "1")])};
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    const incomeDelta = (parts: string[]) =>
      `update referrals r set income = r.income + c.n
       from (select user_id, source_user_id, sum(d) as n from (${parts.join(" union all ")}) x group by user_id, source_user_id) c
       where r.user_id = c.source_user_id and r.partner_id = c.user_id and c.n <> 0`;
    const incomeIn = (rows: string, sign: string) =>
      `select user_id, source_user_id, ${sign}amount as d from ${rows} where type = 'income' and source_user_id is not null`;
    await sql
      .raw(
        `create function referral_income_apply() returns trigger language plpgsql as $$ begin
           if tg_op = 'INSERT' then ${incomeDelta([incomeIn("new_rows", "")])};
           elsif tg_op = 'DELETE' then ${incomeDelta([incomeIn("old_rows", "-")])};
           else ${incomeDelta([incomeIn("old_rows", "-"), incomeIn("new_rows", "")])};
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function referral_recount() returns trigger language plpgsql as $$ begin
           ${recount("referrals.user_id in (select user_id from new_rows)")};
           return null;
         end $$`,
      )
      .execute(db);
    for (const event of ["insert", "delete", "update"] as const) {
      await sql
        .raw(
          `create trigger orders_${event}_referrals after ${event} on orders referencing ${TRANSITION_TABLES[event]}
           for each statement execute function referral_orders_apply()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger bonus_ledger_referrals_${event} after ${event} on bonus_ledger referencing ${TRANSITION_TABLES[event]}
           for each statement execute function referral_income_apply()`,
        )
        .execute(db);
    }
    // Not on an update of the figures themselves (the recount's own update): only when who referred whom moves.
    await sql
      .raw(
        `create trigger referrals_insert_recount after insert on referrals referencing new table as new_rows
         for each statement execute function referral_recount()`,
      )
      .execute(db);
    // A column list allows no transition table: per row (nothing moves a referral in practice).
    await sql
      .raw(
        `create function referral_recount_row() returns trigger language plpgsql as $$ begin
           ${recount("referrals.user_id = new.user_id")};
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger referrals_update_recount after update of user_id, partner_id on referrals
         for each row execute function referral_recount_row()`,
      )
      .execute(db);
    return;
  }
  const orders = (row: "new" | "old", sign: "+" | "-") =>
    `update referrals set orders_done = orders_done ${sign} 1 where user_id = ${row}.user_id and ${row}.status = 'S'`;
  await sql.raw(`create trigger orders_insert_referrals after insert on orders begin ${orders("new", "+")}; end`).execute(db);
  await sql.raw(`create trigger orders_delete_referrals after delete on orders begin ${orders("old", "-")}; end`).execute(db);
  await sql
    .raw(
      `create trigger orders_update_referrals after update of status, user_id on orders
       when (old.status = 'S' or new.status = 'S') and (old.status <> new.status or old.user_id <> new.user_id)
       begin ${orders("old", "-")}; ${orders("new", "+")}; end`,
    )
    .execute(db);
  const income = (row: "new" | "old", sign: "+" | "-") =>
    `update referrals set income = income ${sign} ${row}.amount
     where user_id = ${row}.source_user_id and partner_id = ${row}.user_id and ${row}.type = 'income'`;
  await sql.raw(`create trigger bonus_ledger_referrals_insert after insert on bonus_ledger begin ${income("new", "+")}; end`).execute(db);
  await sql.raw(`create trigger bonus_ledger_referrals_delete after delete on bonus_ledger begin ${income("old", "-")}; end`).execute(db);
  await sql
    .raw(
      `create trigger bonus_ledger_referrals_update after update on bonus_ledger
       begin ${income("old", "-")}; ${income("new", "+")}; end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger referrals_insert_recount after insert on referrals begin ${recount("referrals.user_id = new.user_id")}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger referrals_update_recount after update of user_id, partner_id on referrals
       begin ${recount("referrals.user_id = new.user_id")}; end`,
    )
    .execute(db);
}

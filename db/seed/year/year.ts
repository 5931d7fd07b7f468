/**
 * The year itself: orders placed day by day (busy evenings, busier weekends, a high season and a growing
 * shop), each following the path the services would have taken it along — placed (pending or new, its
 * stock taken off the shop's shelf), reminded, taken, discounted, handed over for cash or bonus, canceled
 * or expired — with the events, shelf moves, ledger entries and notices each step writes, exactly as the
 * use cases write them (server/services/orders.ts, handover.ts, holds.ts, partner.ts, stock.ts, notices.ts).
 * A step that falls after `now` has not happened yet: that is how a few orders are open, holds still live.
 *
 * Everything with a time is applied in time order (a min-heap of what is due), so every stock_history
 * row's amount_after is the shelf at that moment, every ledger id follows time, and no bonus payment ever
 * takes a balance below zero at any moment.
 */
import { hash } from "node:crypto";
import { WAREHOUSE_SHOP_ID, PICKUP_HOLD_HOURS, REFERRAL_RATE_PERCENT_DEFAULT } from "../../../server/domain/constants";
import { ISLAND_UTC_OFFSET_MS } from "../../../server/domain/format";
import { HOLD_REMINDER_BEFORE_MS } from "../../../server/domain/notifications";
import { discountedPrice, type OrderStatus } from "../../../server/domain/orders";
import { paidInMoney, referralIncome } from "../../../server/domain/referrals";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../../../server/domain/stock";
import type { Random } from "./random";
import type { Row, TableName } from "./writer";
import { DAY_MS, HOUR_MS, MINUTE_MS, type Option, type Person, type Shop, type World } from "./world";

export interface Sink {
  push(table: TableName, row: Row): void;
}

/** Island hours 0–23: quiet nights, a lunch bump, busy evenings. */
const HOURS = [1, 0.6, 0.3, 0.2, 0.1, 0.1, 0.2, 0.5, 1, 1.5, 2, 2.5, 3, 3, 3, 3.2, 3.8, 4.5, 6, 7, 7.5, 6.5, 4.5, 2.5];
/** Island weekdays, Sunday first: weekends busier. */
const WEEKDAYS = [1.25, 0.85, 0.85, 0.9, 0.95, 1.15, 1.35];
/** Months January first: the high season (December to April, July and August) and the rainy autumn. */
const MONTHS = [1.2, 1.25, 1.2, 1.15, 0.9, 0.85, 1.0, 1.05, 0.8, 0.8, 0.9, 1.15];

const iso = (ms: number) => new Date(ms).toISOString();
const HOLD_MS = PICKUP_HOLD_HOURS * HOUR_MS;

/** What is due at a moment: applied in time order (ties in the order they were planned). */
interface Due {
  at: number;
  seq: number;
  run: () => void;
}

class DueHeap {
  private items: Due[] = [];
  private seq = 0;

  add(at: number, run: () => void): void {
    const items = this.items;
    items.push({ at, seq: this.seq++, run });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  /** Runs everything due at or before `at`, earliest first (what a run adds is run too if due). */
  runUntil(at: number): void {
    while (this.items.length > 0 && this.items[0]!.at <= at) this.pop().run();
  }

  private pop(): Due {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && before(items[l]!, items[m]!)) m = l;
        if (r < items.length && before(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

const before = (a: Due, b: Due) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

interface Line {
  option: Option;
  amount: number;
  per_price: number;
  cost_price: number;
}

/** The order's state as its steps change it; written once, as it stands at `now`. */
interface OrderState {
  id: number;
  customer: Person;
  shop: Shop;
  lines: Line[];
  status: OrderStatus;
  payment_status: "P" | "S";
  delivery_status: "P" | "A" | "S";
  payment_option: number;
  delivery_option: number;
  phone: string;
  delivery_address: string;
  is_reserved: 0 | 1;
  discount_percent: number;
  total_price: number;
  discounted_price: number;
  total_cost_price: number;
  paid_with_bonus: 0 | 1;
  manager_id: number | null;
  hold_until: number | null;
  hold_reminded_at: number | null;
  idempotency_key: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
  /** Staff pushed this order (their new-order message is edited as it moves on). */
  pushed: { id: number; key: string }[];
}

/** A step of an order's path: how it changes the order's row, then what else it writes at that moment. */
interface Step {
  at: number;
  state: (x: OrderState) => void;
  effects: () => void;
}

export interface YearCounts {
  orders: number;
}

export interface YearTotals {
  orders: number;
  lines: number;
  events: number;
  ledger: number;
  stockHistory: number;
  outbox: number;
}

/**
 * Plays the year into `sink`. `pause` is awaited every few hundred orders (the caller writes what was
 * pushed so far). Returns how many rows of each kind it wrote.
 */
export async function playYear(
  world: World,
  random: Random,
  counts: YearCounts,
  sink: Sink,
  pause: (ordersDone: number) => Promise<void>,
): Promise<YearTotals> {
  const { now } = world;
  const due = new DueHeap();
  const ids = { line: 0, event: 0, ledger: 0, history: 0, outbox: 0, message: 0 };
  const people = new Map<number, Person>();
  for (const p of [...world.admins, ...world.staffPeople, ...world.customers]) people.set(p.id, p);
  const telegramAdmins = world.admins.filter((a) => a.telegram_id !== null);
  const actingAdmin = world.admins[0]!;
  const staffOf = new Map<number, { managers: number[]; pushedTo: { id: number }[] }>();
  for (const s of world.staff) {
    const entry = staffOf.get(s.shop_id) ?? { managers: [], pushedTo: [] };
    if (s.role === "manager") entry.managers.push(s.id);
    if (s.telegram_id !== null) entry.pushedTo.push({ id: s.id });
    staffOf.set(s.shop_id, entry);
  }
  const staffName = new Map(world.staff.map((s) => [s.id, s.name]));
  /** The bonus balance as of what has happened so far; a planned bonus payment is taken off at once. */
  const balance = new Map<number, number>();
  const balanceOf = (userId: number) => balance.get(userId) ?? 0;

  // ---- shelves ----
  const shelves = new Map<number, { shop_id: number; option: Option; amount: number; updated_at: number }>();
  const shelfKey = (shopId: number, option: Option) => shopId * 1_000_000 + option.index;
  const shelfOf = (shopId: number, option: Option) => {
    const key = shelfKey(shopId, option);
    let shelf = shelves.get(key);
    if (!shelf) shelves.set(key, (shelf = { shop_id: shopId, option, amount: 0, updated_at: 0 }));
    return shelf;
  };
  /** One shelf change and its audit row; returns the audit row's id. */
  const change = (
    shopId: number,
    option: Option,
    delta: number,
    reason: "added" | "moved" | "sold" | "returned",
    actor: number | null,
    orderId: number | null,
    at: number,
  ) => {
    const shelf = shelfOf(shopId, option);
    shelf.amount += delta;
    shelf.updated_at = at;
    const id = ++ids.history;
    sink.push("stock_history", [id, shopId, option.product.id, option.option_id, delta, shelf.amount, reason, actor, orderId, iso(at)]);
    return id;
  };
  /** The warehouse gets a delivery when it runs short; a pickup shop gets stock moved from the warehouse. */
  const restock = (shopId: number, option: Option, atLeast: number, at: number) => {
    const target = Math.max(atLeast, random.int(12, 40));
    const moving = target - shelfOf(shopId, option).amount;
    if (moving <= 0) return;
    const warehouse = shelfOf(WAREHOUSE_SHOP_ID, option);
    if (warehouse.amount < moving) change(WAREHOUSE_SHOP_ID, option, random.int(150, 400) + moving, "added", actingAdmin.id, null, at);
    change(WAREHOUSE_SHOP_ID, option, -moving, "moved", actingAdmin.id, null, at);
    change(shopId, option, moving, "moved", actingAdmin.id, null, at);
  };

  // ---- notices ----
  const notice = (kind: string, userId: number, orderId: number | null, dedupe: string, payload: object, at: number) => {
    const person = people.get(userId)!;
    const id = ++ids.outbox;
    const created = iso(at);
    const row = [id, kind, userId, orderId, JSON.stringify(payload), dedupe];
    // Sent within seconds, unless the recipient has no Telegram chat (then the worker skips the row); the
    // last few seconds' rows are still waiting for the worker.
    if (at > now - 5_000) {
      sink.push("outbox", [...row, "pending", 0, created, null, created, null, null, null]);
    } else if (person.telegram_id === null) {
      sink.push("outbox", [...row, "skipped", 1, created, "no Telegram chat (e-mail only user)", created, null, null, null]);
    } else {
      const sent = iso(at + 800 + Math.floor(random.next() * 3000));
      sink.push("outbox", [...row, "sent", 1, created, null, created, sent, person.telegram_id, ++ids.message]);
    }
  };
  const itemCount = (o: OrderState) => o.lines.reduce((n, l) => n + l.amount, 0);
  const orderPayload = (o: OrderState) => ({
    order_id: o.id,
    shop_name: o.shop.name,
    shop_address: o.shop.address,
    total: o.discounted_price,
    item_count: itemCount(o),
    hold_until: o.hold_until === null ? null : iso(o.hold_until),
  });
  const tellCustomer = (o: OrderState, kind: string, at: number, extra: object = {}) =>
    notice(kind, o.customer.id, o.id, `${kind}:${o.id}`, { ...orderPayload(o), ...extra }, at);
  const tellPushed = (o: OrderState, outcome: "taken" | "done" | "canceled" | "expired", by: number | "admin" | null, at: number) => {
    const byName = by === "admin" ? "an admin" : by === null ? null : (staffName.get(by) ?? null);
    for (const pushed of o.pushed) {
      notice(
        "staff_order_update",
        pushed.id,
        o.id,
        `staff_order_update:${o.id}:${pushed.id}:${outcome}`,
        { order_id: o.id, outcome, by_name: byName, by_you: by !== null && by !== "admin" && by === pushed.id, edits: pushed.key },
        at,
      );
    }
  };

  // ---- the order's steps ----
  const event = (
    o: OrderState,
    type: string,
    from: OrderStatus | null,
    to: OrderStatus | null,
    actor: number | null,
    at: number,
    data?: object,
  ) => {
    sink.push("order_events", [++ids.event, o.id, type, from, to, actor, data ? JSON.stringify(data) : null, iso(at)]);
    o.updated_at = at;
  };
  /** The order becomes new: its stock reserved and its pickup hold running. */
  const reserveState = (x: OrderState, at: number) => {
    x.status = "N";
    x.is_reserved = 1;
    x.hold_until = x.delivery_option === 1 ? at + HOLD_MS : null;
    x.updated_at = at;
  };
  /** What becoming new writes: the customer and the counter told, the stock taken (a short shelf restocked first). */
  const reserveEffects = (o: OrderState, at: number) => {
    tellCustomer(o, "order_placed", at);
    for (const member of staffOf.get(o.shop.id)?.pushedTo ?? []) {
      const key = `staff_new_order:${o.id}:${member.id}`;
      o.pushed.push({ id: member.id, key });
      const lines = o.lines.map((l) => ({ product_name: l.option.product.name, price_text: l.option.price_text, amount: l.amount }));
      notice("staff_new_order", member.id, o.id, key, { ...orderPayload(o), delivery_option: o.delivery_option, lines }, at);
    }
    for (const line of o.lines) {
      const shelf = shelfOf(o.shop.id, line.option);
      if (shelf.amount < line.amount) restock(o.shop.id, line.option, line.amount, at);
      const had = shelf.amount;
      const saleRow = change(o.shop.id, line.option, -line.amount, "sold", o.customer.id, o.id, at);
      if (had > LOW_STOCK_THRESHOLD_DEFAULT && shelf.amount <= LOW_STOCK_THRESHOLD_DEFAULT) {
        const product = line.option.product;
        for (const admin of telegramAdmins) {
          notice(
            "low_stock",
            admin.id,
            o.id,
            `low_stock:${o.shop.id}:${product.id}:${line.option.option_id}:${saleRow}:${admin.id}`,
            {
              shop_id: o.shop.id,
              shop_name: o.shop.name,
              product_id: product.id,
              product_name: product.name,
              option_id: line.option.option_id,
              price_text: line.option.price_text,
              amount: shelf.amount,
              threshold: LOW_STOCK_THRESHOLD_DEFAULT,
              order_id: o.id,
            },
            at,
          );
        }
        // An admin reads the push and moves stock from the warehouse within the day.
        const restockAt = at + random.int(1, 20) * HOUR_MS;
        due.add(restockAt, () => {
          if (shelf.amount <= LOW_STOCK_THRESHOLD_DEFAULT) restock(o.shop.id, line.option, 1, restockAt);
        });
      }
    }
  };
  const giveBack = (o: OrderState, actor: number | null, at: number) => {
    for (const line of o.lines) change(o.shop.id, line.option, line.amount, "returned", actor, o.id, at);
  };
  /** A ledger entry: of an order (`source` the referral who bought) or an admin's correction (`reason`, `actor`). */
  const ledger = (
    userId: number,
    type: "income" | "exp",
    amount: number,
    at: number,
    ofOrder: { orderId: number; source: number | null } | { reason: string; actor: number },
  ) => {
    const [orderId, source, reason, actor] =
      "orderId" in ofOrder ? [ofOrder.orderId, ofOrder.source, null, null] : [null, null, ofOrder.reason, ofOrder.actor];
    sink.push("bonus_ledger", [++ids.ledger, userId, type, amount, orderId, source, iso(at), reason, actor]);
  };

  // ---- people's own rows ----
  const welcomeGifts: { person: Person; at: number; amount: number }[] = [];
  for (const customer of world.customers) {
    // A few customers got a gift from the shop (an admin's correction, with its reason).
    if (random.chance(0.01)) {
      welcomeGifts.push({ person: customer, at: customer.created_at + random.int(1, 48) * HOUR_MS, amount: random.int(10, 50) * 10 });
    }
  }
  for (const gift of welcomeGifts) {
    if (gift.at > now) continue;
    due.add(gift.at, () => {
      ledger(gift.person.id, "income", gift.amount, gift.at, { reason: "Welcome gift", actor: actingAdmin.id });
      balance.set(gift.person.id, balanceOf(gift.person.id) + gift.amount);
    });
  }

  // ---- the shelves at the start: delivered to the warehouse, moved to the shops that carry them ----
  const stocked = new Set<number>();
  const stockOpening = (shopId: number, option: Option) => {
    const key = shelfKey(shopId, option);
    if (stocked.has(key)) return;
    stocked.add(key);
    restock(shopId, option, 1, Math.max(option.product.created_at, world.start - 2 * DAY_MS));
  };
  for (const shop of world.shops) {
    const carried = world.carried.get(shop.id);
    if (!carried) continue;
    for (const option of carried.options) {
      if (option.product.created_at < world.start) stockOpening(shop.id, option);
      else due.add(option.product.created_at, () => stockOpening(shop.id, option));
    }
  }

  // ---- the days ----
  const dayStart = (d: number) => {
    const islandMidnight = Math.floor((world.start + ISLAND_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - ISLAND_UTC_OFFSET_MS;
    return islandMidnight + d * DAY_MS;
  };
  const days: { from: number; to: number; weight: number }[] = [];
  for (let d = 0; dayStart(d) < now; d++) {
    const from = Math.max(dayStart(d), world.start);
    const to = Math.min(dayStart(d + 1), now);
    const island = new Date(dayStart(d) + ISLAND_UTC_OFFSET_MS);
    let share = 0;
    for (let h = 0; h < 24; h++) {
      const hourFrom = dayStart(d) + h * HOUR_MS;
      const overlap = Math.max(0, Math.min(hourFrom + HOUR_MS, to) - Math.max(hourFrom, from)) / HOUR_MS;
      share += HOURS[h]! * overlap;
    }
    const trend = 0.75 + (0.5 * (from - world.start)) / (now - world.start);
    const weight = share * WEEKDAYS[island.getUTCDay()]! * MONTHS[island.getUTCMonth()]! * trend * (0.9 + 0.2 * random.next());
    days.push({ from, to, weight });
  }
  const totalWeight = days.reduce((s, d) => s + d.weight, 0);
  let placed = 0;
  let carry = 0;
  const totals: YearTotals = { orders: 0, lines: 0, events: 0, ledger: 0, stockHistory: 0, outbox: 0 };

  for (const [d, day] of days.entries()) {
    const exact = (counts.orders * day.weight) / totalWeight + carry;
    const today = d === days.length - 1 ? counts.orders - placed : Math.floor(exact);
    carry = exact - today;
    const times: number[] = [];
    while (times.length < today) {
      const hourFrom = dayStart(d) + random.weighted(HOURS) * HOUR_MS;
      const at = Math.floor(hourFrom + random.next() * HOUR_MS);
      if (at >= day.from && at < day.to) times.push(at);
    }
    times.sort((a, b) => a - b);
    for (const at of times) {
      due.runUntil(at);
      placeOne(at);
      placed++;
      if (placed % 500 === 0) await pause(placed);
    }
  }
  due.runUntil(now);

  // The shelves as they stand now: the sum of every shelf's history.
  for (const shelf of shelves.values()) {
    if (shelf.updated_at === 0) continue;
    sink.push("stock", [shelf.shop_id, shelf.option.product.id, shelf.option.option_id, shelf.amount, iso(shelf.updated_at)]);
  }
  totals.orders = placed;
  totals.lines = ids.line;
  totals.events = ids.event;
  totals.ledger = ids.ledger;
  totals.stockHistory = ids.history;
  totals.outbox = ids.outbox;
  return totals;

  /** One customer's order at `at`, planned to its end; only the steps up to `now` happen. */
  function placeOne(at: number): void {
    const signedUp = upperBound(world.signups, at);
    const customerIndex = Math.min(signedUp - 1, Math.floor(signedUp * Math.pow(random.next(), 1.6)));
    const customer = world.customers[customerIndex]!;
    const shopId = random.chance(0.8) ? world.favouriteShop[customerIndex]! : world.shops[world.pickupShops.draw(random)]!.id;
    const shop = world.shops[shopId - 1]!;
    const lines = chooseLines(shop.id, at);
    const courier = random.chance(0.15);
    const total_price = lines.reduce((s, l) => s + l.per_price * l.amount, 0);
    const o: OrderState = {
      id: ++totals.orders,
      customer,
      shop,
      lines,
      status: "P",
      payment_status: "P",
      delivery_status: "P",
      payment_option: 0,
      delivery_option: 0,
      phone: "",
      delivery_address: "",
      is_reserved: 0,
      discount_percent: 0,
      total_price,
      discounted_price: total_price,
      total_cost_price: lines.reduce((s, l) => s + l.cost_price * l.amount, 0),
      paid_with_bonus: 0,
      manager_id: null,
      hold_until: null,
      hold_reminded_at: null,
      idempotency_key: random.text("0123456789abcdef", 32),
      request_hash: "",
      created_at: at,
      updated_at: at,
      pushed: [],
    };
    const settings = {
      delivery_option: courier ? 2 : 1,
      payment_option: random.chance(0.6) ? 1 : 2,
      phone: courier ? `+66 8${random.int(1, 9)} ${random.int(100, 999)} ${random.int(1000, 9999)}` : "",
      delivery_address: courier ? `${random.int(1, 199)}/${random.int(1, 60)} Moo ${random.int(1, 6)}, ${shop.district}, Koh Samui` : "",
      delivery_address_link: "",
    };
    // A few customers place before choosing delivery and payment: the order waits, pending, without stock.
    const pending = random.chance(0.03);
    const unset = { delivery_option: 0, payment_option: 0, phone: "", delivery_address: "", delivery_address_link: "" };
    const placedSettings = pending ? unset : settings;
    const hashedLines = lines
      .map((l) => ({ product_id: l.option.product.id, option_id: l.option.option_id, amount: l.amount }))
      .sort((a, b) => a.product_id - b.product_id || a.option_id - b.option_id);
    o.request_hash = hash("sha256", JSON.stringify({ shop_id: shop.id, lines: hashedLines, settings: placedSettings }), "hex");
    // The year's options have no sale: each item is sold at the list price of its day.
    for (const l of lines) {
      const { product, option_id, price_text } = l.option;
      const row = [++ids.line, o.id, product.id, option_id, product.name, price_text, l.per_price, l.per_price, l.cost_price, l.amount];
      sink.push("order_lines", row);
    }
    const applySettings = (x: OrderState) => {
      x.delivery_option = settings.delivery_option;
      x.payment_option = settings.payment_option;
      x.phone = settings.phone;
      x.delivery_address = settings.delivery_address;
    };

    const steps: Step[] = [];
    const step = (when: number, state: (x: OrderState) => void, effects: () => void) => steps.push({ at: when, state, effects });

    let reservedAt = at;
    if (pending) {
      event(o, "placed", null, "P", customer.id, at);
      const fate = random.weighted([0.7, 0.2, 0.1]);
      if (fate === 0) {
        reservedAt = at + random.int(2, 60) * MINUTE_MS;
        step(
          reservedAt,
          (x) => {
            applySettings(x);
            reserveState(x, reservedAt);
          },
          () => {
            reserveEffects(o, reservedAt);
            event(o, "reserved", "P", "N", customer.id, reservedAt);
          },
        );
      } else {
        if (fate === 1) {
          const cancelAt = at + random.int(1, 5) * DAY_MS;
          step(
            cancelAt,
            (x) => {
              x.status = "C";
              x.updated_at = cancelAt;
            },
            () => {
              event(o, "canceled", "P", "C", actingAdmin.id, cancelAt, { by: "admin" });
              tellCustomer(o, "order_canceled", cancelAt);
            },
          );
        }
        return launch(o, steps);
      }
    } else {
      applySettings(o);
      reserveState(o, at);
      reserveEffects(o, at);
      event(o, "placed", null, "N", customer.id, at);
    }

    // What becomes of it: mostly handed over, some canceled by the customer, expired or canceled by an admin.
    const fate = random.weighted([0.885, 0.04, courier ? 0 : 0.065, 0.01]);
    const manager = random.pick(staffOf.get(shop.id)!.managers);
    const take = (takeAt: number) =>
      step(
        takeAt,
        (x) => {
          x.status = "W";
          x.manager_id = manager;
          x.updated_at = takeAt;
        },
        () => {
          event(o, "taken", "N", "W", manager, takeAt);
          tellCustomer(o, "order_taken", takeAt);
          tellPushed(o, "taken", manager, takeAt);
        },
      );
    if (fate === 0) {
      let finishAt: number;
      const took = courier || random.chance(0.6);
      if (took) {
        const takeAt = reservedAt + random.int(3, 45) * MINUTE_MS;
        finishAt = takeAt + random.int(10, courier ? 240 : 150) * MINUTE_MS;
        take(takeAt);
      } else {
        finishAt = reservedAt + random.int(10, 170) * MINUTE_MS;
      }
      const percent = random.chance(0.02) ? random.pick([5, 10, 15, 20]) : 0;
      const toPay = discountedPrice(total_price, percent);
      if (percent > 0) {
        const discountAt = finishAt - random.int(1, 9) * MINUTE_MS;
        step(
          discountAt,
          (x) => {
            x.discount_percent = percent;
            x.discounted_price = toPay;
            x.updated_at = discountAt;
          },
          () => {
            event(o, "discount", o.status, o.status, actingAdmin.id, discountAt, { percent, discounted_price: toPay });
            tellCustomer(o, "order_discounted", discountAt, { discount_percent: percent, total_before: total_price });
          },
        );
      }
      // Bonus only when the balance covers it: decided now, in placement order, and taken off the balance at
      // once, so no later decision can spend it twice and the balance never dips below zero at any moment.
      const byBonus = toPay > 0 && balanceOf(customer.id) >= toPay && random.chance(0.6);
      if (byBonus) balance.set(customer.id, balanceOf(customer.id) - toPay);
      const partnerIndex = world.partnerOf[customerIndex]!;
      const income = partnerIndex < 0 ? 0 : referralIncome(paidInMoney(toPay, byBonus ? toPay : 0), REFERRAL_RATE_PERCENT_DEFAULT);
      step(
        finishAt,
        (x) => {
          x.status = "S";
          x.payment_status = "S";
          x.delivery_status = "S";
          x.paid_with_bonus = byBonus ? 1 : 0;
          x.manager_id = x.manager_id ?? manager;
          x.updated_at = finishAt;
        },
        () => {
          if (byBonus) ledger(customer.id, "exp", toPay, finishAt, { orderId: o.id, source: null });
          event(o, "finished", took ? "W" : "N", "S", manager, finishAt, { by: byBonus ? "bonus" : "cash", amount: toPay });
          if (income > 0) {
            const partner = world.customers[partnerIndex]!;
            ledger(partner.id, "income", income, finishAt, { orderId: o.id, source: customer.id });
            balance.set(partner.id, balanceOf(partner.id) + income);
            const payload = { order_id: o.id, amount: income, balance: balanceOf(partner.id) };
            notice("referral_income", partner.id, o.id, `referral_income:${o.id}`, payload, finishAt);
          }
          tellCustomer(o, "order_done", finishAt, { paid_with_bonus: byBonus });
          tellPushed(o, "done", manager, finishAt);
        },
      );
    } else if (fate === 1 || fate === 2) {
      const expired = fate === 2;
      const endsAt = expired
        ? reservedAt + HOLD_MS + random.int(1, 59) * 1000
        : reservedAt + random.int(2, courier ? 300 : 170) * MINUTE_MS;
      step(
        endsAt,
        (x) => {
          x.status = "C";
          x.is_reserved = 0;
          x.updated_at = endsAt;
        },
        () => {
          giveBack(o, expired ? null : customer.id, endsAt);
          event(o, expired ? "expired" : "canceled", "N", "C", expired ? null : customer.id, endsAt);
          tellCustomer(o, expired ? "order_expired" : "order_canceled", endsAt);
          tellPushed(o, expired ? "expired" : "canceled", null, endsAt);
        },
      );
    } else {
      const taken = random.chance(0.5);
      const takeAt = reservedAt + random.int(3, 30) * MINUTE_MS;
      if (taken) take(takeAt);
      const endsAt = (taken ? takeAt : reservedAt) + random.int(5, 90) * MINUTE_MS;
      step(
        endsAt,
        (x) => {
          x.status = "C";
          x.is_reserved = 0;
          x.updated_at = endsAt;
        },
        () => {
          giveBack(o, actingAdmin.id, endsAt);
          event(o, "canceled", taken ? "W" : "N", "C", actingAdmin.id, endsAt, { by: "admin" });
          tellCustomer(o, "order_canceled", endsAt);
          tellPushed(o, "canceled", "admin", endsAt);
          if (taken && !o.pushed.some((p) => p.id === manager)) {
            notice("staff_order_canceled", manager, o.id, `staff_order_canceled:${o.id}:${manager}`, orderPayload(o), endsAt);
          }
        },
      );
    }
    // The hold reminder: a pickup order still new half an hour before its hold ends (reminding changes only
    // hold_reminded_at).
    if (settings.delivery_option === 1) {
      const remindAt = reservedAt + HOLD_MS - HOLD_REMINDER_BEFORE_MS + random.int(1, 50) * 1000;
      const afterReserve = steps.filter((s) => s.at > reservedAt);
      if (afterReserve.length > 0 && afterReserve[0]!.at > remindAt) {
        step(
          remindAt,
          (x) => (x.hold_reminded_at = remindAt),
          () => tellCustomer(o, "hold_reminder", remindAt),
        );
      }
    }
    launch(o, steps);
  }

  /**
   * Writes the order's row as it stands now (every step up to now applied to a copy), and queues the steps
   * that have happened, each to run at its moment on the order as it was then.
   */
  function launch(o: OrderState, steps: readonly Step[]): void {
    const happened = steps.filter((s) => s.at <= now).sort((a, b) => a.at - b.at);
    const final = { ...o };
    for (const s of happened) s.state(final);
    writeOrder(final);
    for (const s of happened) {
      due.add(s.at, () => {
        s.state(o);
        s.effects();
      });
    }
  }

  function writeOrder(o: OrderState): void {
    sink.push("orders", [
      o.id, o.customer.id, o.shop.id, o.status, o.payment_status, o.delivery_status, o.payment_option, o.delivery_option, o.phone,
      o.delivery_address, "", o.is_reserved, o.discount_percent, o.total_price, o.discounted_price, o.total_cost_price,
      o.paid_with_bonus, o.manager_id, o.hold_until === null ? null : iso(o.hold_until),
      o.hold_reminded_at === null ? null : iso(o.hold_reminded_at), o.idempotency_key, o.request_hash, iso(o.created_at), iso(o.updated_at),
    ]);
  }

  /** 1–4 lines of options the shop carries and sells at `at`, each at the price of that moment. */
  function chooseLines(shopId: number, at: number): Line[] {
    const carried = world.carried.get(shopId)!;
    const wanted = 1 + random.weighted([0.55, 0.28, 0.12, 0.05]);
    const lines: Line[] = [];
    for (let tries = 0; lines.length < wanted && tries < 50; tries++) {
      const option = carried.options[carried.table.draw(random)]!;
      const product = option.product;
      if (product.created_at > at || product.retired_at <= at || lines.some((l) => l.option.product === product)) continue;
      const max = product.max_amount ?? 4;
      lines.push(lineOf(option, Math.min(max, 1 + random.weighted([0.7, 0.2, 0.07, 0.03])), at));
    }
    if (lines.length === 0) {
      lines.push(lineOf(carried.options.find((o) => o.product.created_at <= at && o.product.retired_at > at)!, 1, at));
    }
    return lines;
  }
}

/** A line at the option's price of that moment (before a price change, the old one). */
function lineOf(option: Option, amount: number, at: number): Line {
  const old = option.changed_at > at;
  return { option, amount, per_price: old ? option.old_price : option.per_price, cost_price: old ? option.old_cost : option.cost_price };
}

/** How many of the ascending `values` are ≤ `x`. */
function upperBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Who and what the year happens to: ten shops (shop 1 the central warehouse), their staff and two admins,
 * a catalogue over the five categories with options on a third of the products and a price change here
 * and there, which shop carries what, and the customers with their sign-up times and referral tree.
 * Everything drawn from the seeded Random, nothing written here: the year (year.ts) writes the rows.
 */
import { WAREHOUSE_SHOP_ID } from "../../../server/domain/constants";
import { Random, WeightedTable } from "./random";

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export interface Shop {
  id: number;
  name: string;
  district: string;
  address: string;
  map_link: string;
  /** How busy the shop is, relative to the others. */
  weight: number;
}

const SHOP_LIST: Omit<Shop, "id">[] = [
  { name: "Central Warehouse", district: "Lipa Noi", address: "45/2 Moo 1, Lipa Noi, Koh Samui 84140", map_link: "https://maps.google.com/?q=9.486,99.943", weight: 0 },
  { name: "Chaweng Beach Store", district: "Chaweng", address: "14/31 Chaweng Beach Rd, Bo Phut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.531,100.062", weight: 24 },
  { name: "Lamai Night Market", district: "Lamai", address: "124/92 Moo 3, Lamai, Maret, Koh Samui 84310", map_link: "https://maps.google.com/?q=9.470,100.045", weight: 16 },
  { name: "Fisherman's Village", district: "Bophut", address: "65/2 Moo 1, Fisherman's Village, Bophut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.557,100.027", weight: 13 },
  { name: "Nathon Pier", district: "Nathon", address: "333/1 Moo 3, Ang Thong, Nathon, Koh Samui 84140", map_link: "https://maps.google.com/?q=9.535,99.935", weight: 7 },
  { name: "Maenam Walking Street", district: "Maenam", address: "88/4 Moo 4, Maenam, Koh Samui 84330", map_link: "https://maps.google.com/?q=9.572,99.996", weight: 10 },
  { name: "Choeng Mon Bay", district: "Choeng Mon", address: "21/7 Moo 5, Choeng Mon, Bo Phut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.571,100.080", weight: 9 },
  { name: "Big Buddha Corner", district: "Bang Rak", address: "9/12 Moo 4, Bang Rak, Bo Phut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.566,100.058", weight: 8 },
  { name: "Plai Laem Garden", district: "Plai Laem", address: "140/3 Moo 5, Plai Laem, Bo Phut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.577,100.068", weight: 6 },
  { name: "Taling Ngam Sunset", district: "Taling Ngam", address: "7/1 Moo 2, Taling Ngam, Koh Samui 84140", map_link: "https://maps.google.com/?q=9.436,99.940", weight: 4 },
];

const FIRST_NAMES = [
  "Anna", "Ben", "Chloe", "Daniel", "Emma", "Felix", "Grace", "Hugo", "Isla", "Jack", "Kim", "Liam", "Mia", "Noah", "Olga",
  "Pavel", "Quinn", "Rosa", "Sam", "Tanya", "Umar", "Vera", "Will", "Xenia", "Yuki", "Zoe", "Somchai", "Niran", "Ploy",
  "Malee", "Arthit", "Kanya", "Lars", "Sofia", "Mateo", "Lea", "Jonas", "Ivan", "Maria", "Tom", "Nina", "Oscar", "Elena",
];
const LAST_NAMES = [
  "Smith", "Müller", "Ivanova", "Rossi", "Dubois", "Novak", "Jansen", "Larsen", "Kowalski", "Silva", "Brown", "Wong",
  "Saetang", "Chaiyaporn", "Srisuk", "Petrov", "Schmidt", "Garcia", "Nguyen", "Cohen", "Andersson", "O'Brien", "Kim",
];
const EMAIL_DOMAINS = ["gmail.com", "mail.ru", "yahoo.com", "proton.me", "outlook.com", "icloud.com", "gmx.de"];

const STRAINS = [
  "Jack Herer", "Durban Poison", "Green Crack", "Super Lemon Haze", "Sour Diesel", "Amnesia Haze", "Strawberry Cough",
  "Maui Wowie", "Ghost Train Haze", "Tangie", "Northern Lights", "Granddaddy Purple", "Bubba Kush", "Purple Punch",
  "Hindu Kush", "Master Kush", "Ice Cream Cake", "Critical Mass", "Afghan Kush", "Do-Si-Dos", "Blue Dream",
  "Gelato", "Wedding Cake", "Girl Scout Cookies", "Zkittlez", "Runtz", "Gorilla Glue", "Pineapple Express",
  "White Widow", "OG Kush", "Mimosa", "Sunset Sherbet", "Banana Kush", "Mango Haze", "Thai Stick", "Koh Samui Gold",
  "Chemdawg", "Cherry Pie", "Lemon Cherry Gelato", "Papaya", "Mac 1", "Biscotti", "Apple Fritter", "Motorbreath",
];
const STRAIN_VARIANTS = ["", " #4", " Reserve", " Auto", " XL", " Island Cut", " Indoor", " Greenhouse", " Select"];
const ACCESSORIES = [
  "Glass Bubbler Pipe", "Aluminium Grinder", "Rolling Papers", "Rolling Tray", "Hemp Wick", "Glass Jar", "Pocket Vaporizer",
  "Ceramic Ashtray", "Lighter", "Stash Box", "Filter Tips", "Cleaning Kit",
];
const ACCESSORY_STYLES = ["Classic", "Travel", "Deluxe", "Bamboo", "Black", "Rainbow", "Mini", "Pro", "Coconut", "Samui"];
const EDIBLES = [
  "Space Brownie", "Gummies", "Cookie Tin", "Chocolate Bar", "Honey Jar", "Iced Tea", "Lollipops", "Mints", "Granola Bites", "Coffee Beans",
];
const EDIBLE_FLAVOURS = ["Mango", "Coconut", "Passion Fruit", "Dark", "Lychee", "Pineapple", "Lime", "Durian", "Ginger", "Pandan"];

export interface Option {
  /** Index in the catalogue's option list. */
  index: number;
  product: Product;
  option_id: number;
  per_price: number;
  cost_price: number;
  price_text: string;
  gift_text: string;
  /** Before this moment the option sold at the old prices (a price change during the year), or 0. */
  changed_at: number;
  old_price: number;
  old_cost: number;
}

export interface Product {
  id: number;
  name: string;
  category_id: number;
  label: string;
  description: string;
  full_description: string;
  hot_deal: 0 | 1;
  in_all_list: 0 | 1;
  position: number;
  is_inactive: 0 | 1;
  is_deleted: 0 | 1;
  max_amount: number | null;
  created_at: number;
  /** From this moment nobody orders it (it went inactive or was deleted), or Infinity. */
  retired_at: number;
  options: Option[];
  default_option_id: number;
}

export interface Staff {
  id: number;
  role: "owner" | "manager";
  shop_id: number;
  telegram_id: number | null;
  name: string;
}

export interface Person {
  id: number;
  telegram_id: number | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  is_admin: 0 | 1;
  reflink: string;
  created_at: number;
}

export interface World {
  start: number;
  now: number;
  shops: Shop[];
  pickupShops: WeightedTable;
  admins: Person[];
  staffPeople: Person[];
  staff: Staff[];
  products: Product[];
  options: Option[];
  /** Per shop id: the options it carries, and a table drawing them by popularity. */
  carried: Map<number, { options: Option[]; table: WeightedTable }>;
  popularity: WeightedTable;
  customers: Person[];
  /** Customers' sign-up times, ascending (customers are in sign-up order). */
  signups: Float64Array;
  favouriteShop: Int32Array;
  partnerOf: Int32Array;
}

const REFLINK_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** Prices rounded to how a shop writes them (…0 Baht). */
const roundPrice = (x: number) => Math.max(10, Math.round(x / 10) * 10);

export function makeWorld(random: Random, counts: { customers: number; products: number }, now: number): World {
  const start = now - 365 * DAY_MS;
  const opened = start - 60 * DAY_MS;
  const shops = SHOP_LIST.map((shop, i) => ({ ...shop, id: i + 1 }));
  const reflinks = new Set<string>();
  const reflink = () => {
    for (;;) {
      const code = random.text(REFLINK_ALPHABET, 8);
      if (!reflinks.has(code)) return reflinks.add(code), code;
    }
  };
  let nextUserId = 1;
  const person = (fields: Partial<Person>, created_at: number): Person => ({
    id: nextUserId++,
    telegram_id: null,
    email: null,
    first_name: null,
    last_name: null,
    username: null,
    is_admin: 0,
    reflink: reflink(),
    created_at,
    ...fields,
  });

  // Two admins: one works in Telegram (low-stock pushes reach them), one in the web back office only.
  const admins = [
    person({ telegram_id: 7_000_000_001, email: "owner@samui-store.example", username: "mark", first_name: "Mark", is_admin: 1 }, opened),
    person({ email: "office@samui-store.example", first_name: "Lena", last_name: "Office", is_admin: 1 }, opened),
  ];
  // Each pickup shop: an owner (web back office, e-mail), a manager at the counter with Telegram (pushed every
  // new order), and one without (the mini-app in a browser).
  const staff: Staff[] = [];
  const staffPeople: Person[] = [];
  for (const shop of shops) {
    if (shop.id === WAREHOUSE_SHOP_ID) continue;
    const slug = shop.district.toLowerCase().replace(/[^a-z]/g, "");
    const named = () => ({ first_name: random.pick(FIRST_NAMES), last_name: random.pick(LAST_NAMES) });
    const owner = person({ email: `${slug}.owner@samui-store.example`, ...named() }, opened);
    const counter = person({ telegram_id: 7_100_000_000 + shop.id, username: `${slug}_counter`, ...named() }, opened);
    const web = person({ email: `${slug}.shift@samui-store.example`, ...named() }, opened);
    staffPeople.push(owner, counter, web);
    const member = (p: Person, role: Staff["role"]): Staff => ({
      id: p.id,
      role,
      shop_id: shop.id,
      telegram_id: p.telegram_id,
      name: `${p.first_name} ${p.last_name}`,
    });
    staff.push(member(owner, "owner"), member(counter, "manager"), member(web, "manager"));
  }

  const { products, options } = makeCatalogue(random, counts.products, start, now);
  const popularityOfProduct = products.map(() => 0);
  const ranks = products.map((_, i) => i);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  ranks.forEach((rank, i) => (popularityOfProduct[i] = 1 / Math.pow(rank + 8, 0.9)));
  const optionWeight = (o: Option) => popularityOfProduct[o.product.id - 1]! * (o.option_id === 0 ? 1 : 0.45);
  const carried = new Map<number, { options: Option[]; table: WeightedTable }>();
  for (const shop of shops) {
    if (shop.id === WAREHOUSE_SHOP_ID) continue;
    const list: Option[] = [];
    for (const product of products) {
      // Every shop carries the first product.
      if (product.id !== 1 && !random.chance(0.75)) continue;
      for (const option of product.options) if (option.option_id === 0 || random.chance(0.8)) list.push(option);
    }
    carried.set(shop.id, { options: list, table: new WeightedTable(list.map(optionWeight)) });
  }

  const customers = makeCustomers(random, counts.customers, start, now, nextUserId, reflink);
  const signups = Float64Array.from(customers.map((c) => c.created_at));
  const pickupShops = new WeightedTable(shops.map((s) => s.weight));
  const favouriteShop = Int32Array.from(customers.map(() => shops[pickupShops.draw(random)]!.id));
  return {
    start,
    now,
    shops,
    pickupShops,
    admins,
    staffPeople,
    staff,
    products,
    options,
    carried,
    popularity: new WeightedTable(popularityOfProduct),
    customers,
    signups,
    favouriteShop,
    partnerOf: makeReferralTree(random, customers),
  };
}

/** The options of a product: the base and up to three more, each a price text and a price factor. Flowers, accessories, edibles. */
const OPTION_STEPS: [string, number][][] = [
  [["1 g", 1], ["3.5 g", 3.2], ["7 g", 6], ["14 g", 11]],
  [["Standard", 1], ["Large", 1.4], ["Gift set", 2.2], ["XL", 1.8]],
  [["pack of 5", 1], ["pack of 10", 1.8], ["pack of 20", 3.3], ["party box", 6]],
];

function labelOf(random: Random, category_id: number): string {
  if (category_id === 1) return `Sativa ${random.int(60, 95)}%`;
  if (category_id === 2) return `Indica ${random.int(60, 95)}%`;
  if (category_id === 3) return `Hybrid ${random.int(40, 60)}/${random.int(40, 60)}`;
  return category_id === 4 ? "Accessory" : `Edible ${random.pick([5, 10, 20])} mg`;
}

function makeCatalogue(random: Random, count: number, start: number, now: number): { products: Product[]; options: Option[] } {
  const products: Product[] = [];
  const options: Option[] = [];
  const names = new Set<string>();
  let nextExtraOption = 1;
  const categories = [0.3, 0.25, 0.25, 0.1, 0.1];
  for (let id = 1; id <= count; id++) {
    const category_id = random.weighted(categories) + 1;
    let name = "";
    for (let attempt = 0; name === "" || names.has(name); attempt++) {
      const suffix = attempt > 20 ? ` ${attempt}` : "";
      if (category_id <= 3) name = `${random.pick(STRAINS)}${random.pick(STRAIN_VARIANTS)}${suffix}`;
      else if (category_id === 4) name = `${random.pick(ACCESSORY_STYLES)} ${random.pick(ACCESSORIES)}${suffix}`;
      else name = `${random.pick(EDIBLE_FLAVOURS)} ${random.pick(EDIBLES)}${suffix}`;
    }
    names.add(name);
    // Most of the catalogue was there when the year began; the rest arrived during it.
    // The first product is there from the start and never leaves, so every day has something to sell.
    const early = id === 1 || random.chance(0.8);
    const created_at = early ? start - random.int(1, 30) * DAY_MS : start + random.next() * (now - start - 7 * DAY_MS);
    const retires = id > 1 && random.chance(0.04);
    const is_deleted = retires && random.chance(0.4) ? 1 : 0;
    const product: Product = {
      id,
      name,
      category_id,
      label: labelOf(random, category_id),
      description: `${name}: a Samui favourite.`,
      full_description: `${name}, kept in stock at the central warehouse and delivered to the pickup shops every few days.`,
      hot_deal: random.chance(0.05) ? 1 : 0,
      in_all_list: random.chance(0.02) ? 0 : 1,
      position: random.chance(0.08) ? random.int(1, 100) : 999,
      is_inactive: retires && !is_deleted ? 1 : 0,
      is_deleted,
      max_amount: category_id === 5 && random.chance(0.3) ? 5 : null,
      created_at,
      retired_at: retires ? created_at + random.next() * (now - created_at) : Infinity,
      options: [],
      default_option_id: 0,
    };
    const variants = random.chance(1 / 3) ? random.int(1, 3) : 0;
    const base = category_id <= 3 ? random.int(30, 65) * 10 : category_id === 4 ? random.int(8, 150) * 10 : random.int(15, 70) * 10;
    const margin = 0.35 + random.next() * 0.15;
    const steps = OPTION_STEPS[category_id <= 3 ? 0 : category_id - 3]!;
    for (let v = 0; v <= variants; v++) {
      const [price_text, factor] = steps[v]!;
      const per_price = roundPrice(base * factor);
      const cost_price = roundPrice(per_price * margin);
      const changes = random.chance(0.3);
      const option: Option = {
        index: options.length,
        product,
        option_id: v === 0 ? 0 : nextExtraOption++,
        per_price,
        cost_price,
        price_text,
        gift_text: v > 0 && random.chance(0.2) ? "Free grinder card" : "",
        changed_at: changes ? start + random.next() * 300 * DAY_MS : 0,
        old_price: changes ? roundPrice(per_price / (1.05 + random.next() * 0.1)) : per_price,
        old_cost: changes ? roundPrice(cost_price / 1.05) : cost_price,
      };
      product.options.push(option);
      options.push(option);
    }
    if (variants > 0 && random.chance(0.2)) product.default_option_id = product.options[1]!.option_id;
    products.push(product);
  }
  return { products, options };
}

function makeCustomers(random: Random, count: number, start: number, now: number, firstId: number, reflink: () => string): Person[] {
  // A sixth signed up before the year began; the rest through it, more as the shop grew.
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(random.chance(1 / 6) ? start - random.next() * 180 * DAY_MS : start + Math.sqrt(random.next()) * (now - start - HOUR_MS));
  }
  times.sort((a, b) => a - b);
  // Someone is there to buy on the first day.
  if (times[0]! >= start) times[0] = start - DAY_MS;
  return times.map((created_at, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const kind = random.weighted([0.7, 0.2, 0.1]); // Telegram only, e-mail only, both
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
    const telegram_id = kind === 1 ? null : 100_000_000 + i * 37 + random.int(0, 36);
    return {
      id: firstId + i,
      telegram_id,
      email: kind === 0 ? null : `${handle}${i}@${random.pick(EMAIL_DOMAINS)}`,
      first_name: kind === 1 ? null : first,
      last_name: kind === 1 || random.chance(0.4) ? null : last,
      username: kind !== 1 && random.chance(0.6) ? `${handle.replace(".", "_")}${i % 1000}` : null,
      is_admin: 0,
      reflink: reflink(),
      created_at: Math.round(created_at),
    };
  });
}

/**
 * A third of the customers came through someone's link, registered when they signed up (before any
 * purchase, as the rules require). A few early customers bring many; a fifth of the referred follow the
 * newest referred customer, which grows chains several deep. Index = customer index; -1 for none.
 */
function makeReferralTree(random: Random, customers: readonly Person[]): Int32Array {
  const partnerOf = new Int32Array(customers.length).fill(-1);
  let lastReferred = -1;
  for (let i = 1; i < customers.length; i++) {
    if (!random.chance(1 / 3)) continue;
    const partner = lastReferred >= 0 && random.chance(0.2) ? lastReferred : Math.floor(i * Math.pow(random.next(), 3));
    if (partner === i || customers[partner]!.created_at >= customers[i]!.created_at) continue;
    partnerOf[i] = partner;
    lastReferred = i;
  }
  return partnerOf;
}

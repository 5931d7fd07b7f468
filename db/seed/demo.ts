/**
 * The demo shop: a warehouse and four pickup shops around Koh Samui, and a catalogue over all five
 * categories with options, hot deals, two products on a sale price (no end: until the admin ends it), a product
 * hidden from All, an inactive one and a deleted one. Its texts promise only what the store does: a gift text
 * names what comes with the item, never a discount the price does not give. Applied only to an empty database.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { engineOf } from "../connection";
import { lockDemoSeed } from "../postgres/startup";
import type { Database } from "../schema";
import { insertExtraOption, insertProduct, setStock, type OptionValues } from "../repositories/products";
import { licenceSvg, productSvg, shopLogoSvg, writeWebp } from "./images";

interface DemoOption extends OptionValues {
  /** Stock per shop name; shops not named hold none. */
  stock: Partial<Record<ShopKey, number>>;
}

interface DemoProduct {
  name: string;
  category_id: 1 | 2 | 3 | 4 | 5;
  label: string;
  description: string;
  full_description: string;
  hot_deal?: 1;
  in_all_list?: 0;
  is_inactive?: 1;
  is_deleted?: 1;
  position?: number;
  max_amount?: number;
  base: DemoOption;
  options?: DemoOption[];
  /** Which option (by index in `options`, 1-based) is the default; 0 is the base. */
  default_option?: number;
}

type ShopKey = "warehouse" | "chaweng" | "lamai" | "bophut" | "nathon";

const SHOPS: { key: ShopKey; name: string; district: string; address: string; map_link: string; hue: number }[] = [
  { key: "warehouse", name: "Central Warehouse", district: "Lipa Noi", address: "45/2 Moo 1, Lipa Noi, Koh Samui 84140", map_link: "https://maps.google.com/?q=9.486,99.943", hue: 200 },
  { key: "chaweng", name: "Chaweng Beach Store", district: "Chaweng", address: "14/31 Chaweng Beach Rd, Bo Phut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.531,100.062", hue: 160 },
  { key: "lamai", name: "Lamai Night Market", district: "Lamai", address: "124/92 Moo 3, Lamai, Maret, Koh Samui 84310", map_link: "https://maps.google.com/?q=9.470,100.045", hue: 20 },
  { key: "bophut", name: "Fisherman's Village", district: "Bophut", address: "65/2 Moo 1, Fisherman's Village, Bophut, Koh Samui 84320", map_link: "https://maps.google.com/?q=9.557,100.027", hue: 280 },
  { key: "nathon", name: "Nathon Pier", district: "Nathon", address: "333/1 Moo 3, Ang Thong, Nathon, Koh Samui 84140", map_link: "https://maps.google.com/?q=9.535,99.935", hue: 45 },
];

const grams = (g: number, price: number, cost: number, stock: DemoOption["stock"], gift = ""): DemoOption => ({
  per_price: price,
  cost_price: cost,
  price_text: `${g} g`,
  gift_text: gift,
  stock,
});

const PRODUCTS: DemoProduct[] = [
  {
    name: "Jack Herer",
    category_id: 1,
    label: "Sativa 80%",
    description: "Bright, clear-headed daytime classic.",
    full_description:
      "A Haze cross with a spicy pine aroma and an uplifting, creative effect. " +
      "Grown indoors on the island, hand-trimmed and slow-cured for three weeks.",
    position: 10,
    base: grams(1, 450, 180, { warehouse: 200, chaweng: 25, lamai: 12, bophut: 8 }),
    options: [
      grams(3.5, 1400, 600, { warehouse: 80, chaweng: 10, lamai: 4 }, "Free grinder card"),
      grams(7, 2600, 1150, { warehouse: 40, chaweng: 3 }, "Free glass jar"),
    ],
  },
  {
    name: "Durban Poison",
    category_id: 1,
    label: "Pure sativa",
    description: "Sweet anise aroma, energetic and focused.",
    full_description: "A South African landrace loved for its sweet, earthy smell and a clean energetic high. Perfect before the beach.",
    hot_deal: 1,
    position: 5,
    base: grams(1, 390, 160, { warehouse: 150, chaweng: 18, nathon: 9 }),
  },
  {
    name: "Green Crack",
    category_id: 1,
    label: "Sativa 65%",
    description: "Tangy mango flavour. Arriving in shops soon.",
    full_description: "Only in the central warehouse for now: it will reach the pickup shops with the next delivery.",
    base: grams(1, 420, 170, { warehouse: 120 }),
  },
  {
    name: "Northern Lights",
    category_id: 2,
    label: "Indica 90%",
    description: "Deep relaxation with a sweet, spicy finish.",
    full_description:
      "One of the most famous indicas of all time: resinous buds, a sweet and spicy aroma and a calm body effect for the evening.",
    position: 20,
    base: grams(1, 480, 200, { warehouse: 160, chaweng: 14, lamai: 20, bophut: 6, nathon: 4 }),
    options: [grams(3.5, 1500, 650, { warehouse: 60, lamai: 7, bophut: 2 }), grams(7, 2800, 1250, { warehouse: 30, lamai: 2 })],
  },
  {
    name: "Granddaddy Purple",
    category_id: 2,
    label: "Indica 80%",
    description: "Grape and berry notes, heavy and dreamy.",
    full_description: "Dense purple flowers with a grape-candy nose. A sleepy, full-body relaxation best enjoyed after sunset.",
    hot_deal: 1,
    base: { ...grams(1, 520, 220, { warehouse: 90, bophut: 11, nathon: 7 }), sale_price: 460 },
  },
  {
    name: "Bubba Kush",
    category_id: 2,
    label: "Indica 85%",
    description: "Coffee and chocolate notes. Members' favourite.",
    full_description: "Hashy, earthy and heavy. Kept off the All list: find it under Indica.",
    in_all_list: 0,
    base: grams(1, 500, 210, { warehouse: 70, chaweng: 9, lamai: 5 }),
  },
  {
    name: "Blue Dream",
    category_id: 3,
    label: "Hybrid 60/40",
    description: "Blueberry sweetness with a balanced lift.",
    full_description: "California's favourite hybrid: a smooth blueberry taste, gentle body relaxation and a clear head.",
    position: 15,
    base: grams(1, 460, 190, { warehouse: 180, chaweng: 22, lamai: 16, bophut: 14, nathon: 10 }),
    options: [
      grams(3.5, 1450, 620, { warehouse: 70, chaweng: 6, bophut: 5 }, "Free rolling papers"),
      grams(10, 3900, 1700, { warehouse: 20 }),
    ],
    default_option: 1,
  },
  {
    name: "Gelato #41",
    category_id: 3,
    label: "Hybrid 55/45",
    description: "Creamy dessert flavour, euphoric and calm.",
    full_description: "Sherbet and citrus cream on the nose, colourful buds and a happy, relaxed effect.",
    hot_deal: 1,
    base: grams(1, 550, 240, { warehouse: 100, chaweng: 12, lamai: 9 }),
  },
  {
    name: "Wedding Cake",
    category_id: 3,
    label: "Hybrid 40/60",
    description: "Vanilla and pepper, rich and relaxing.",
    full_description: "Temporarily off sale while the new harvest cures.",
    is_inactive: 1,
    base: grams(1, 530, 230, { warehouse: 50, chaweng: 5 }),
  },
  {
    name: "Coconut Space Brownie",
    category_id: 5,
    label: "Edible 20 mg",
    description: "Baked on the island with local coconut.",
    full_description: "Soft chocolate brownie with toasted Samui coconut. Start with half a piece and wait an hour.",
    position: 30,
    base: {
      per_price: 250,
      cost_price: 90,
      price_text: "1 piece",
      gift_text: "",
      stock: { warehouse: 60, chaweng: 15, lamai: 10, bophut: 12 },
    },
    options: [
      { per_price: 650, cost_price: 250, price_text: "3 pieces", gift_text: "Gift box", stock: { warehouse: 20, chaweng: 4, bophut: 3 } },
    ],
  },
  {
    name: "Mango Sticky Gummies",
    category_id: 5,
    label: "Edible 10 mg each",
    description: "Tropical mango gummies, 10 per pack.",
    full_description: "Vegan gummies made with ripe Thai mango. Ten pieces of 10 mg each.",
    hot_deal: 1,
    max_amount: 5,
    base: {
      per_price: 590,
      sale_price: 530,
      cost_price: 210,
      price_text: "pack of 10",
      gift_text: "",
      stock: { warehouse: 80, lamai: 18, nathon: 6 },
    },
  },
  {
    name: "Herbal Cookie Tin",
    category_id: 5,
    label: "Edible 5 mg each",
    description: "Butter cookies for a gentle evening.",
    full_description: "A tin of twelve butter cookies with a mild 5 mg dose each.",
    base: { per_price: 450, cost_price: 160, price_text: "tin of 12", gift_text: "", stock: { warehouse: 30, chaweng: 8 } },
  },
  {
    name: "Glass Bubbler Pipe",
    category_id: 4,
    label: "Borosilicate glass",
    description: "Hand-blown pipe with a water chamber.",
    full_description: "A compact 14 cm bubbler in thick borosilicate glass: smooth, cool draws and easy cleaning.",
    base: {
      per_price: 1200,
      cost_price: 450,
      price_text: "1 piece",
      gift_text: "Cleaning brush included",
      stock: { warehouse: 25, chaweng: 4, bophut: 3 },
    },
  },
  {
    name: "Aluminium Grinder",
    category_id: 4,
    label: "4-part, 55 mm",
    description: "Sharp teeth, pollen catcher, magnetic lid.",
    full_description: "Aircraft-grade aluminium grinder with four chambers and a kief scraper.",
    base: {
      per_price: 690,
      cost_price: 240,
      price_text: "55 mm",
      gift_text: "",
      stock: { warehouse: 40, chaweng: 7, lamai: 6, nathon: 3 },
    },
    options: [{ per_price: 890, cost_price: 320, price_text: "63 mm", gift_text: "", stock: { warehouse: 15, chaweng: 2 } }],
  },
  {
    name: "King Size Rolling Papers",
    category_id: 4,
    label: "Unbleached",
    description: "32 slim papers with tips.",
    full_description: "Ultra-thin unbleached papers with a booklet of tips.",
    position: 50,
    base: {
      per_price: 120,
      cost_price: 35,
      price_text: "1 booklet",
      gift_text: "",
      stock: { warehouse: 300, chaweng: 40, lamai: 30, bophut: 25, nathon: 20 },
    },
  },
  {
    name: "Old Season Sampler",
    category_id: 3,
    label: "Discontinued",
    description: "Removed from the catalogue.",
    full_description: "Deleted: kept only for the history of past orders.",
    is_deleted: 1,
    base: grams(1, 300, 120, { warehouse: 10, chaweng: 2 }),
  },
];

export interface SeedOptions {
  /** Where product images, shop logos and the licence go (DATA_DIR/uploads); null writes no files. */
  uploadsDir: string | null;
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const [shops, products] = await Promise.all([
    db.selectFrom("shops").select("id").limit(1).execute(),
    db.selectFrom("products").select("id").limit(1).execute(),
  ]);
  return shops.length === 0 && products.length === 0;
}

/** Fills an empty database with the demo shop. Returns false (and changes nothing) when it is not empty. */
export async function seedDemo(db: Kysely<Database>, { uploadsDir }: SeedOptions): Promise<boolean> {
  const images: { file: string; svg: string }[] = [];
  const onPostgres = engineOf(db) === "postgres";
  const seeded = await db.transaction().execute(async (trx) => {
    // Two processes starting at once on an empty database: on SQLite the write transaction already orders
    // them; on PostgreSQL both would see it empty, so the second waits here until the first committed.
    if (onPostgres) await lockDemoSeed(trx);
    if (!(await isEmpty(trx))) return false;
    const shopIds = new Map<ShopKey, number>();
    for (const shop of SHOPS) {
      const { id } = await trx
        .insertInto("shops")
        .values({ name: shop.name, district: shop.district, address: shop.address, map_link: shop.map_link, logo_filename: "logo.webp" })
        .returning("id")
        .executeTakeFirstOrThrow();
      shopIds.set(shop.key, id);
      images.push({ file: join("shop", String(id), "logo.webp"), svg: shopLogoSvg(shop.hue) });
    }
    // Created one second apart, oldest first, so "newest first" among equal positions is well defined.
    const start = Date.parse("2026-11-01T08:00:00.000Z");
    for (const [index, p] of PRODUCTS.entries()) {
      const created_at = new Date(start + index * 1000).toISOString();
      const productId = await insertProduct(
        trx,
        {
          name: p.name,
          category_id: p.category_id,
          label: p.label,
          description: p.description,
          full_description: p.full_description,
          hot_deal: p.hot_deal ?? 0,
          in_all_list: p.in_all_list ?? 1,
          is_inactive: p.is_inactive ?? 0,
          is_deleted: p.is_deleted ?? 0,
          position: p.position ?? 999,
          max_amount: p.max_amount ?? null,
          created_at,
          updated_at: created_at,
        },
        p.base,
      );
      const optionIds = [0];
      for (const option of p.options ?? []) optionIds.push(await insertExtraOption(trx, productId, option));
      if (p.default_option) {
        await trx.updateTable("products").set({ default_option_id: optionIds[p.default_option]! }).where("id", "=", productId).execute();
      }
      for (const [i, option] of [p.base, ...(p.options ?? [])].entries()) {
        for (const [key, amount] of Object.entries(option.stock)) {
          await setStock(trx, shopIds.get(key as ShopKey)!, productId, optionIds[i]!, amount);
        }
      }
      const pictures = p.category_id <= 3 ? 3 : 2;
      for (let variant = 0; variant < pictures; variant++) {
        const filename = `demo-${variant + 1}.webp`;
        await trx.insertInto("product_images").values({ product_id: productId, filename, position: variant }).execute();
        images.push({ file: join("product", String(productId), filename), svg: productSvg(p.category_id, index + variant) });
      }
    }
    return true;
  });
  if (seeded && uploadsDir) {
    images.push({ file: join("documents", "licence.webp"), svg: licenceSvg() });
    for (const image of images) {
      const file = join(uploadsDir, image.file);
      await mkdir(join(file, ".."), { recursive: true });
      await writeWebp(image.svg, file);
    }
  }
  return seeded;
}

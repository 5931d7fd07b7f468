/**
 * The year's pictures: the demo seed's drawings (db/seed/images.ts), a few per category rendered once and copied
 * into every product's folder, and a logo per shop, so the screens of a seeded year look like a shop's.
 */
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { productSvg, shopLogoSvg, writeWebp } from "../images";

/** Drawings per category: products of one category share them in turn. */
const PICTURES_PER_CATEGORY = 4;
export const PRODUCT_PICTURE = "year-1.webp";
export const SHOP_LOGO = "logo.webp";

/** Which drawing a product shows. */
const pictureOf = (product: { id: number; category_id: number }) =>
  `${product.category_id}-${product.id % PICTURES_PER_CATEGORY}.webp`;

export async function writePictures(
  uploadsDir: string,
  products: readonly { id: number; category_id: number }[],
  shopIds: readonly number[],
): Promise<void> {
  const drawings = await mkdtemp(join(tmpdir(), "year-drawings-"));
  try {
    for (let category = 1; category <= 5; category++) {
      for (let variant = 0; variant < PICTURES_PER_CATEGORY; variant++) {
        await writeWebp(productSvg(category, variant * 3 + category), join(drawings, `${category}-${variant}.webp`));
      }
    }
    for (const product of products) {
      const folder = join(uploadsDir, "product", String(product.id));
      await mkdir(folder, { recursive: true });
      await copyFile(join(drawings, pictureOf(product)), join(folder, PRODUCT_PICTURE));
    }
  } finally {
    await rm(drawings, { recursive: true, force: true });
  }
  for (const shopId of shopIds) {
    const folder = join(uploadsDir, "shop", String(shopId));
    await mkdir(folder, { recursive: true });
    await writeWebp(shopLogoSvg((shopId * 37) % 360), join(folder, SHOP_LOGO));
  }
}

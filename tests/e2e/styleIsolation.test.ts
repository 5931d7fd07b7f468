/**
 * One feature's styles never reach another's screen (issue 21, defect 3): the staff chunk's stylesheet arrives
 * in the page when a staff member first opens a back-office screen and stays for the session. Before, it styled
 * `.shop-row` its own way, and from then on the cart's shop picker looked different. Here is the screen itself:
 * the cart's shop row has the same computed styles before and after the same session opened /shop/list.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductListItem } from "../../server/domain/contracts/catalog";
import { useBrowserStore } from "../helpers/browserStore";
import { storeApi } from "../helpers/storeApi";

const ADMIN_EMAIL = "styles-boss@samui.example";
const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl, BOT_MODE: "off", ADMIN_EMAILS: ADMIN_EMAIL }));
const { api, emailToken } = storeApi(web);

/** What a returning admin's browser keeps: the session, a chosen shop and a cart of one line. */
let storage: Record<string, string>;

beforeAll(async () => {
  const { products } = await api<{ products: ProductListItem[] }>("/api/products");
  const product = products.find((candidate) => Object.keys(candidate.stock).length > 0)!;
  storage = {
    chosen_shop: JSON.stringify({ state: { chosenShopId: Number(Object.keys(product.stock)[0]) }, version: 1 }),
    cart: JSON.stringify({
      state: {
        lines: [{ id: product.id, picked_option: "0", amount: 1 }],
        settings: { delivery_option: 1, payment_option: 1, phone: "", delivery_address: "", delivery_address_link: "" },
        placement: null,
      },
      version: 2,
    }),
  };
});

/**
 * Every computed style of the cart's first shop row and of everything in it, by element. Read once the row's
 * transitions (its chosen state fades in) have ended, so two readings of the same styles are equal.
 */
async function shopRowStyles(page: Page): Promise<Record<string, Record<string, string>>> {
  const row = page.getByTestId("cart-shop").first();
  await row.waitFor();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  return row.evaluate((element) => {
    const styles: Record<string, Record<string, string>> = {};
    const elements = [element, ...element.querySelectorAll("*")];
    elements.forEach((each, index) => {
      const computed = getComputedStyle(each);
      const values: Record<string, string> = {};
      for (const property of Array.from(computed)) values[property] = computed.getPropertyValue(property);
      styles[`${index} ${each.tagName.toLowerCase()}.${[...each.classList].join(".")}`] = values;
    });
    return styles;
  });
}

describe("styles stay with their feature", () => {
  it("the cart's shop picker looks the same after the same session opened the staff's shop list", async () => {
    const token = await emailToken(ADMIN_EMAIL);
    const page = await web.newPage();
    await page.addInitScript((stored) => {
      if (sessionStorage.getItem("style-seeded")) return;
      sessionStorage.setItem("style-seeded", "1");
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, { ...storage, token });

    await page.goto(`${web.store.url}/orders`);
    const before = await shopRowStyles(page);
    expect(Object.keys(before).length).toBeGreaterThan(3);

    // Into the back office the way an admin goes: the cabinet's Manage shops, then back to the cart. One page
    // load throughout, so the staff chunk's stylesheet, once added, stays in the document.
    await page.getByTestId("nav-cabinet").click();
    await page.getByTestId("manage-shops").click();
    await page.getByTestId("shop-row").first().waitFor();
    const staffSheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href ?? "").filter((href) => href.includes("staffScreens")),
    );
    expect(staffSheets, "the staff chunk's stylesheet is in the page").not.toEqual([]);
    await page.getByTestId("nav-cart").click();

    const after = await shopRowStyles(page);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const changed = Object.entries(before).flatMap(([element, values]) =>
      Object.entries(values)
        .filter(([property, value]) => after[element]![property] !== value)
        .map(([property, value]) => `${element} ${property}: ${value} → ${after[element]![property]}`),
    );
    expect(changed).toEqual([]);
  });
});

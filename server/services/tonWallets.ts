/**
 * What the admin sets for paying in TON (issue 15): a shop's wallet, checked for the store's network, and the
 * rate (Baht for one TON) that quotes are made at.
 */
import type { DB } from "../../db/connection";
import { updateShopWallet, upsertSetting } from "../../db/repositories/ton";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { NotFoundError } from "../domain/errors";
import { parseRate, parseWallet, TON_RATE_SETTING, type TonNetwork } from "../domain/ton";

export interface TonWalletsDeps {
  db: DB;
  clock: () => number;
  network: TonNetwork;
}

export type TonWallets = ReturnType<typeof createTonWallets>;

export function createTonWallets({ db, clock, network }: TonWalletsDeps) {
  const units = unitOfWorkOf(db).named("tonWallets");

  return {
    /** Admin: a shop's TON wallet, checked for the store's network. */
    async setShopWallet(shopId: number, text: string): Promise<{ shop_id: number; ton_wallet: string }> {
      const wallet = parseWallet(text, network);
      return units.write("setShopWallet", async (tx) => {
        if (!(await updateShopWallet(tx, shopId, wallet))) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
        return { shop_id: shopId, ton_wallet: wallet };
      });
    },

    /** Admin: Baht for one TON; quotes made from now on use it. */
    async setRate(value: number): Promise<{ thb_per_ton: string; updated_at: string }> {
      const rate = parseRate(value);
      return units.write("setRate", async (tx) => {
        const now = new Date(clock()).toISOString();
        await upsertSetting(tx, TON_RATE_SETTING, rate, now);
        return { thb_per_ton: rate, updated_at: now };
      });
    },
  };
}

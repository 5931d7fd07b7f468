import { useId, useState } from "react";
import { BASE_OPTION_ID, WAREHOUSE_SHOP_ID } from "@domain/constants";
import { formatAmount } from "@domain/format";
import { Modal } from "../../../../components/Modal";
import { notify } from "../../../../components/notificationStore";
import { t, type MessageId } from "../../../../lib/i18n";
import { haptic } from "../../../../lib/telegram";
import type { AdminProduct, AdminShop } from "../api/types";
import { useAddStock } from "../api/useAddStock";
import { useMoveStock } from "../api/useMoveStock";
import { liveOptions, unseenByCustomers } from "../asCatalogProduct";
import { ShopSelect, TextControl } from "./FormControls";

export type StockMode = "add" | "move";

type Offer = ReturnType<typeof liveOptions>[number];

/** An option in the picker: its name, its stock, and when moving what the warehouse holds of it. */
function optionLine(offer: Offer, mode: StockMode): string {
  const values = { name: offer.price_text || t("staff.option.standard"), count: formatAmount(offer.instock) };
  if (mode === "add") return t("staff.stock.optionLine", values);
  const warehouse = formatAmount(offer.stock.find((at) => at.shop_id === WAREHOUSE_SHOP_ID)?.amount ?? 0);
  return t("staff.stock.optionLineMove", { ...values, warehouse });
}

interface StockDialogProps {
  product: AdminProduct;
  mode: StockMode;
  shops: readonly AdminShop[] | undefined;
  /** The option and amount filled in (the unseen product's 'Move to a shop': what the warehouse holds). */
  prefill?: { optionId: number; amount: number } | undefined;
  onClose: () => void;
}

/** Spec §5 "Add stock": the prompt's words; the amount must be a whole number or nothing is sent. */
const AMOUNT_LABEL: Record<StockMode, MessageId> = {
  add: "staff.stock.addPrompt",
  move: "staff.stock.movePrompt",
};

/**
 * Add stock to an option at a shop (the warehouse by default), or move stock from the warehouse to a pickup
 * shop (never more than the warehouse holds: the server refuses with its reason). `shops` is the shop management
 * list (GET /api/admin/shops, the page's one query of it), undefined while it loads.
 */
export function StockDialog({ product, mode, shops, prefill, onClose }: StockDialogProps) {
  const add = useAddStock();
  const move = useMoveStock();
  const optionId = useId();
  const offers = liveOptions(product);
  const [option, setOption] = useState(prefill ? String(prefill.optionId) : product.default_option || String(BASE_OPTION_ID));
  const [shop, setShop] = useState<string>("");
  const [amount, setAmount] = useState(prefill ? String(prefill.amount) : "");
  const pending = add.isPending || move.isPending;

  // A deleted shop leaves every picker; the warehouse is where stock is added, never where it is moved to.
  const choices = (shops ?? []).filter((candidate) => !candidate.is_deleted && (mode === "add" || !candidate.is_warehouse));
  const chosenShop = shop !== "" ? Number(shop) : mode === "add" ? WAREHOUSE_SHOP_ID : (choices[0]?.id ?? null);
  const count = /^\d+$/.test(amount.trim()) ? Number(amount) : 0;
  const ready = count > 0 && chosenShop !== null && !pending;

  const done = () => {
    setAmount("");
    onClose();
  };

  const onSubmit = () => {
    if (!ready || chosenShop === null) return;
    const change = { product_id: product.id, option_id: Number(option), amount: count };
    const shopName = choices.find((candidate) => candidate.id === chosenShop)?.name ?? t("staff.stock.shopNumber", { id: chosenShop });
    if (mode === "add") {
      add.mutate(
        { ...change, shop_id: chosenShop },
        {
          onSuccess: () => {
            haptic("success");
            notify(t("staff.stock.added", { count }), "S");
            // Stock for the warehouse of a product no pickup shop holds: customers still cannot see it.
            if (chosenShop === WAREHOUSE_SHOP_ID && unseenByCustomers(product)) notify(t("staff.product.unseen"), "W");
            done();
          },
        },
      );
    } else {
      move.mutate(
        { ...change, to_shop_id: chosenShop },
        {
          onSuccess: () => {
            haptic("success");
            notify(t("staff.stock.moved", { count, shop: shopName }), "S");
            done();
          },
        },
      );
    }
  };

  return (
    <Modal active onClose={onClose} title={mode === "move" ? t("staff.stock.moveTitle") : t("staff.product.addStock")}>
      <form
        className="admin-form admin-form--modal"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        data-testid="stock-form"
      >
        <div className="field admin-field">
          <label className="field__label" htmlFor={optionId}>
            {t("staff.stock.option")}
          </label>
          <select
            id={optionId}
            className="field__input admin-select"
            value={option}
            onChange={(event) => setOption(event.target.value)}
            data-testid="stock-option"
          >
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {optionLine(offer, mode)}
              </option>
            ))}
          </select>
        </div>
        <ShopSelect
          label={mode === "move" ? t("staff.stock.toShop") : t("staff.handover.shop")}
          value={chosenShop === null ? "" : String(chosenShop)}
          onChange={setShop}
          shops={shops === undefined ? undefined : choices}
          testId="stock-shop"
        />
        <TextControl label={t(AMOUNT_LABEL[mode])} value={amount} onChange={setAmount} kind="number" testId="stock-amount" />
        <button type="submit" className="button" disabled={!ready} data-testid="stock-submit">
          {pending && <span className="button__spinner" aria-hidden="true" />}
          {mode === "move" ? t("staff.stock.move") : t("staff.stock.add")}
        </button>
      </form>
    </Modal>
  );
}

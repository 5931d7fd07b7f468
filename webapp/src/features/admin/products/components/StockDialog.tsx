import { useId, useState } from "react";
import { BASE_OPTION_ID, WAREHOUSE_SHOP_ID } from "@domain/constants";
import { formatAmount } from "@domain/format";
import { Modal } from "../../../../components/Modal";
import { notify } from "../../../../components/notificationStore";
import { haptic } from "../../../../lib/telegram";
import { messageOf } from "../api/keys";
import type { AdminProduct, AdminShop } from "../api/types";
import { useAddStock } from "../api/useAddStock";
import { useMoveStock } from "../api/useMoveStock";
import { liveOptions } from "../asCatalogProduct";
import { TextControl } from "./FormControls";

export type StockMode = "add" | "move";

interface StockDialogProps {
  product: AdminProduct;
  mode: StockMode;
  shops: readonly AdminShop[] | undefined;
  onClose: () => void;
}

/** Spec §5 "Add stock": the prompt's words; the amount must be a whole number or nothing is sent. */
const AMOUNT_LABEL: Record<StockMode, string> = {
  add: "Please enter number of products you want to add:",
  move: "How many products to move from the warehouse?",
};

/**
 * Add stock to an option at a shop (the warehouse by default), or move stock from the warehouse to a pickup
 * shop (never more than the warehouse holds: the server refuses with its reason). `shops` is the shop management
 * list (GET /api/admin/shops, the page's one query of it), undefined while it loads.
 */
export function StockDialog({ product, mode, shops, onClose }: StockDialogProps) {
  const add = useAddStock();
  const move = useMoveStock();
  const optionId = useId();
  const shopId = useId();
  const offers = liveOptions(product);
  const [option, setOption] = useState(product.default_option || String(BASE_OPTION_ID));
  const [shop, setShop] = useState<string>("");
  const [amount, setAmount] = useState("");
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
    const shopName = choices.find((candidate) => candidate.id === chosenShop)?.name ?? `shop ${chosenShop}`;
    if (mode === "add") {
      add.mutate(
        { ...change, shop_id: chosenShop },
        {
          onSuccess: (answer) => {
            haptic("success");
            notify(messageOf(answer, `You've added ${count} products.`), "S");
            done();
          },
        },
      );
    } else {
      move.mutate(
        { ...change, to_shop_id: chosenShop },
        {
          onSuccess: (answer) => {
            haptic("success");
            notify(messageOf(answer, `${formatAmount(count)} moved from the warehouse to ${shopName}.`), "S");
            done();
          },
        },
      );
    }
  };

  return (
    <Modal active onClose={onClose} title={mode === "move" ? "Move from the warehouse" : "Add stock"}>
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
            Option
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
                {offer.price_text || "Standard"} · {formatAmount(offer.instock)} in stock
                {mode === "move" && ` (warehouse ${formatAmount(offer.stock.find((at) => at.shop_id === WAREHOUSE_SHOP_ID)?.amount ?? 0)})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-field">
          <label className="field__label" htmlFor={shopId}>
            {mode === "move" ? "To shop" : "Shop"}
          </label>
          <select
            id={shopId}
            className="field__input admin-select"
            value={chosenShop ?? ""}
            onChange={(event) => setShop(event.target.value)}
            disabled={shops === undefined}
            data-testid="stock-shop"
          >
            {shops === undefined && <option value="">Loading shops...</option>}
            {choices.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.is_warehouse ? `${candidate.name} (warehouse)` : candidate.name}
              </option>
            ))}
          </select>
        </div>
        <TextControl label={AMOUNT_LABEL[mode]} value={amount} onChange={setAmount} kind="number" testId="stock-amount" />
        <button type="submit" className="button" disabled={!ready} data-testid="stock-submit">
          {pending && <span className="button__spinner" aria-hidden="true" />}
          {mode === "move" ? "Move" : "Add"}
        </button>
      </form>
    </Modal>
  );
}

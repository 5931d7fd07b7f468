import { useState } from "react";
import { Modal } from "../../../../components/Modal";
import { notify } from "../../../../components/notificationStore";
import { t } from "../../../../lib/i18n";
import { haptic } from "../../../../lib/telegram";
import { useCreateOption } from "../api/useCreateOption";
import { TextControl } from "./FormControls";

const EMPTY = { cost_price: "", per_price: "", amount: "", price_text: "", gift_text: "" };

const isWhole = (text: string) => /^\d+$/.test(text.trim());

/** The create-option modal (spec §5): cost, per-item price and stock must be numbers, else CREATE stays disabled. */
export function CreateOptionModal({ productId, active, onClose }: { productId: number; active: boolean; onClose: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const create = useCreateOption();
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((before) => ({ ...before, [name]: value }));
  const ready = isWhole(fields.cost_price) && isWhole(fields.per_price) && isWhole(fields.amount);

  const onCreate = () =>
    create.mutate(
      {
        id: productId,
        option: {
          cost_price: Number(fields.cost_price),
          per_price: Number(fields.per_price),
          amount: Number(fields.amount),
          price_text: fields.price_text.trim(),
          gift_text: fields.gift_text.trim(),
        },
      },
      {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.option.created"), "S");
          setFields(EMPTY);
          onClose();
        },
      },
    );

  return (
    <Modal active={active} onClose={onClose} title={t("staff.option.new")}>
      <form
        className="admin-form admin-form--modal"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !create.isPending) onCreate();
        }}
        noValidate
        data-testid="create-option-form"
      >
        <div className="admin-form__row">
          <TextControl
            label={t("staff.form.costPrice")}
            value={fields.cost_price}
            onChange={set("cost_price")}
            kind="number"
            testId="option-cost"
          />
          <TextControl
            label={t("staff.option.perItemPrice")}
            value={fields.per_price}
            onChange={set("per_price")}
            kind="number"
            testId="option-price"
          />
        </div>
        <TextControl
          label={t("staff.option.stockAmount")}
          value={fields.amount}
          onChange={set("amount")}
          kind="number"
          testId="option-amount"
        />
        <TextControl
          label={t("staff.form.priceText")}
          value={fields.price_text}
          onChange={set("price_text")}
          clearable
          testId="option-price-text"
        />
        <TextControl
          label={t("staff.form.giftText")}
          value={fields.gift_text}
          onChange={set("gift_text")}
          clearable
          testId="option-gift-text"
        />
        <button type="submit" className="button" disabled={!ready || create.isPending} data-testid="create-option">
          {create.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.option.createButton")}
        </button>
      </form>
    </Modal>
  );
}

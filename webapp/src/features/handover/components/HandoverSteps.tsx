import { useState } from "react";
import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { bonusCovers, type FinishBy } from "@domain/handover";
import { t } from "../../../lib/i18n";
import { itemCount } from "../staffOrder";
import { OrderDoneDialog } from "./OrderDoneDialog";
import "./handover.css";

/**
 * The counter's two steps and ORDER DONE (spec §4 "Manager flow"): take the money (cash or bonus, never both;
 * bonus only when the customer's balance covers the total, and then chosen already), then give the products
 * (only after the money); ORDER DONE once both are ticked. Mount it only while the order may be finished.
 */
export function HandoverSteps({ order, responsible }: { order: StaffOrder; responsible: string }) {
  const bonusOffered = bonusCovers(order.partner_balance, order.discounted_price);
  const [money, setMoney] = useState<FinishBy | null>(bonusOffered ? "bonus" : null);
  const [given, setGiven] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const items = itemCount(order);

  const tickMoney = (by: FinishBy) => {
    const next = money === by ? null : by;
    setMoney(next);
    // Products are handed over only against money taken.
    if (next === null) setGiven(false);
  };

  return (
    <div className="handover-card card handover-steps" data-testid="handover-steps">
      <div className="handover-step">
        <h2 className="section-title">{t("staff.steps.money")}</h2>
        <label className="handover-check">
          <input type="checkbox" checked={money === "cash"} onChange={() => tickMoney("cash")} data-testid="money-cash" />
          <span className="handover-check__text">
            <span className="handover-check__name">{t("staff.steps.cash")}</span>
            <span className="handover-check__hint">{t("staff.steps.cashHint", { amount: formatBaht(order.discounted_price) })}</span>
          </span>
        </label>
        {bonusOffered && (
          <label className="handover-check">
            <input type="checkbox" checked={money === "bonus"} onChange={() => tickMoney("bonus")} data-testid="money-bonus" />
            <span className="handover-check__text">
              <span className="handover-check__name">{t("staff.steps.bonus")}</span>
              <span className="handover-check__hint">
                {t("staff.steps.bonusHint", { amount: formatBaht(order.discounted_price), balance: formatBaht(order.partner_balance) })}
              </span>
            </span>
          </label>
        )}
      </div>
      <div className="handover-step">
        <h2 className="section-title">{t("staff.steps.give")}</h2>
        <label className="handover-check" data-disabled={money === null}>
          <input type="checkbox" checked={given} disabled={money === null} onChange={() => setGiven(!given)} data-testid="products-given" />
          <span className="handover-check__text">
            <span className="handover-check__name">{t("staff.steps.given")}</span>
            <span className="handover-check__hint">
              {money === null ? t("staff.steps.moneyFirst") : t("staff.steps.allGiven", { count: items })}
            </span>
          </span>
        </label>
      </div>
      <button
        type="button"
        className="button handover-done"
        disabled={money === null || !given}
        onClick={() => setConfirming(true)}
        data-testid="order-done"
      >
        {t("staff.steps.done")}
      </button>
      {money !== null && (
        <OrderDoneDialog
          active={confirming}
          onClose={() => setConfirming(false)}
          order={order}
          by={money}
          responsible={responsible}
          items={items}
        />
      )}
    </div>
  );
}

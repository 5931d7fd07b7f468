import { BASE_OPTION_ID } from "@domain/constants";
import { formatAmount, formatBaht } from "@domain/format";
import { useState } from "react";
import { BottomSheet } from "../../../../components/BottomSheet";
import { notify } from "../../../../components/notificationStore";
import { t } from "../../../../lib/i18n";
import { haptic, showConfirm } from "../../../../lib/telegram";
import type { AdminProduct } from "../api/types";
import { useDeleteOption } from "../api/useDeleteOption";
import { useSetDefaultOption } from "../api/useSetDefaultOption";
import { liveOptions } from "../asCatalogProduct";
import { CreateOptionModal } from "./CreateOptionModal";

/**
 * The option picker on the admin products page (spec §2): every option with its prices and stock, Set default
 * and Delete per option, and CREATE option. Opens even for a product without options (the base one is listed).
 */
export function OptionSheet({ product, visible, onClose }: { product: AdminProduct; visible: boolean; onClose: () => void }) {
  const [creating, setCreating] = useState(false);
  const setDefault = useSetDefaultOption();
  const remove = useDeleteOption();
  const busy = setDefault.isPending || remove.isPending;

  const onSetDefault = (optionId: string) =>
    setDefault.mutate(
      { id: product.id, optionId },
      {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.option.defaultChanged"), "S");
        },
      },
    );

  const onDelete = async (optionId: string, name: string) => {
    if (!(await showConfirm(t("staff.option.deleteQuestion", { name })))) return;
    remove.mutate(
      { id: product.id, optionId },
      {
        onSuccess: () => {
          haptic("warning");
          notify(t("staff.option.deleted"), "S");
        },
      },
    );
  };

  return (
    <>
      <BottomSheet
        visible={visible && !creating}
        onClose={onClose}
        title={product.name}
        subtitle={t("staff.product.options")}
        testId="admin-option-sheet"
      >
        <ul className="option-picker">
          {[...liveOptions(product)].sort((a, b) => a.per_price - b.per_price).map((option) => {
            const optionId = String(option.id);
            const isDefault = option.is_default;
            const name = option.price_text || t("staff.option.standard");
            return (
              <li key={option.id} className="admin-option" data-testid="admin-option" data-option-id={option.id}>
                <span className="admin-option__text">
                  <span className="option-choice__name">
                    {name}
                    {isDefault && <span className="admin-mark pill admin-mark--on">{t("staff.option.default")}</span>}
                  </span>
                  <span className="admin-option__figures">
                    <strong>{formatBaht(option.per_price)}</strong>
                    <span>{t("staff.option.cost", { amount: formatBaht(option.cost_price) })}</span>
                    <span data-testid="admin-option-stock">{t("staff.inStock", { count: formatAmount(option.instock) })}</span>
                  </span>
                </span>
                <span className="admin-option__actions">
                  {!isDefault && (
                    <button
                      type="button"
                      className="button button--ghost admin-small"
                      disabled={busy}
                      onClick={() => onSetDefault(optionId)}
                    >
                      {t("staff.option.setDefault")}
                    </button>
                  )}
                  {option.id !== BASE_OPTION_ID && (
                    <button
                      type="button"
                      className="button button--ghost admin-small admin-danger"
                      disabled={busy}
                      onClick={() => void onDelete(optionId, name)}
                    >
                      {t("staff.product.delete")}
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        <button type="button" className="button admin-option-create" onClick={() => setCreating(true)} data-testid="open-create-option">
          {t("staff.option.create")}
        </button>
      </BottomSheet>
      <CreateOptionModal productId={product.id} active={visible && creating} onClose={() => setCreating(false)} />
    </>
  );
}

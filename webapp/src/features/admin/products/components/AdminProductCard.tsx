import { useState } from "react";
import { Link } from "wouter";
import { defaultOffer } from "@domain/options";
import { ChevronDownIcon } from "../../../../components/icons";
import { notify } from "../../../../components/notificationStore";
import { ProductCard } from "../../../../components/product/ProductCard";
import type { PicturePriority } from "../../../../components/product/ProductPicture";
import { t } from "../../../../lib/i18n";
import { paths } from "../../../../lib/paths";
import { haptic, showConfirm } from "../../../../lib/telegram";
import type { AdminProduct, AdminShop } from "../api/types";
import { useDeleteProduct } from "../api/useDeleteProduct";
import { useSetProductActive } from "../api/useSetProductActive";
import { asCatalogProduct, liveOptions, unseenByCustomers } from "../asCatalogProduct";
import { OptionSheet } from "./OptionSheet";
import { StockDialog, type StockMode } from "./StockDialog";
import { StockHistory } from "./StockHistory";

interface AdminProductCardProps {
  product: AdminProduct;
  priority: PicturePriority;
  /** Where stock can be added or moved to: the shop management list, undefined while it loads. */
  stockShops: readonly AdminShop[] | undefined;
}

/** A card of /admin/products: the customer's card with the admin's marks, the option picker and the product tools. */
export function AdminProductCard({ product, priority, stockShops }: AdminProductCardProps) {
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [stockMode, setStockMode] = useState<StockMode | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const inactive = product.is_inactive === "1";
  const deleted = product.is_deleted === "1";
  const busy = setActive.isPending || remove.isPending;
  const shown = asCatalogProduct(product);
  const unseen = unseenByCustomers(product);

  const onToggleActive = () =>
    setActive.mutate(
      { id: product.id, active: inactive },
      {
        onSuccess: () => {
          haptic("success");
          notify(t(inactive ? "staff.product.activated" : "staff.product.disabled"), "S");
        },
      },
    );

  const onDelete = async () => {
    if (!(await showConfirm(t("staff.product.deleteQuestion", { name: product.name })))) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        haptic("warning");
        notify(t("staff.product.deleted"), "S");
      },
    });
  };

  return (
    <div
      className="admin-product"
      data-testid="admin-product"
      data-product-id={product.id}
      data-inactive={inactive || undefined}
      data-deleted={deleted || undefined}
    >
      <ProductCard
        product={shown}
        offer={defaultOffer(shown)}
        priority={priority}
        viewOnly
        optionControl={
          // Spec §2: the admin opens the option picker even when the product has no options.
          <button
            type="button"
            className="option-chip"
            onClick={() => setOptionsOpen(true)}
            aria-haspopup="dialog"
            data-testid="admin-options"
          >
            <span className="option-chip__label">{t("staff.product.options")}</span>
            <span className="option-chip__value">{t("staff.product.optionCount", { count: liveOptions(product).length })}</span>
            <ChevronDownIcon />
          </button>
        }
        extras={
          <div className="admin-tools">
            <p className="admin-marks" data-testid="admin-marks">
              {deleted && <span className="admin-mark pill admin-mark--danger">{t("staff.product.markDeleted")}</span>}
              {inactive && <span className="admin-mark pill admin-mark--warn">{t("staff.product.markInactive")}</span>}
              {product.in_all_list === "0" && <span className="admin-mark pill">{t("staff.product.markHidden")}</span>}
              <span className="admin-mark pill" data-testid="admin-position">
                {t("staff.product.position", { position: product.position })}
              </span>
            </p>
            {unseen && (
              <div className="admin-unseen" role="status" data-testid="admin-unseen">
                <p className="admin-unseen__text">{t("staff.product.unseen")}</p>
                {unseen.warehouse > 0 && (
                  <button
                    type="button"
                    className="button admin-small"
                    onClick={() => setStockMode("move")}
                    data-testid="unseen-move"
                  >
                    {t("staff.product.moveToShop")}
                  </button>
                )}
              </div>
            )}
            {!deleted && (
              <div className="admin-tools__row">
                <Link href={paths.adminEditProduct(product.id)} className="button button--ghost admin-small" data-testid="edit-product">
                  {t("staff.product.edit")}
                </Link>
                <button
                  type="button"
                  className="button button--ghost admin-small"
                  onClick={onToggleActive}
                  disabled={busy}
                  data-testid="toggle-active"
                >
                  {inactive ? t("staff.product.setActive") : t("staff.product.setInactive")}
                </button>
                <button
                  type="button"
                  className="button button--ghost admin-small admin-danger"
                  onClick={() => void onDelete()}
                  disabled={busy}
                  data-testid="delete-product"
                >
                  {t("staff.product.delete")}
                </button>
                <button
                  type="button"
                  className="button button--ghost admin-small"
                  onClick={() => setStockMode("add")}
                  data-testid="add-stock"
                >
                  {t("staff.product.addStock")}
                </button>
                <button
                  type="button"
                  className="button button--ghost admin-small"
                  onClick={() => setStockMode("move")}
                  data-testid="move-stock"
                >
                  {t("staff.product.moveStock")}
                </button>
              </div>
            )}
            <button
              type="button"
              className="admin-history__toggle"
              aria-expanded={historyOpen}
              onClick={() => setHistoryOpen((open) => !open)}
              data-testid="toggle-history"
            >
              {t("staff.product.history")}
              <ChevronDownIcon />
            </button>
            {historyOpen && <StockHistory product={product} />}
          </div>
        }
      />
      {optionsOpen && <OptionSheet product={product} visible onClose={() => setOptionsOpen(false)} />}
      {stockMode !== null && (
        <StockDialog
          product={product}
          mode={stockMode}
          shops={stockShops}
          // 'Move to a shop' of the notice: the option the warehouse holds, all of it, ready to go.
          prefill={
            stockMode === "move" && unseen && unseen.warehouse > 0 ? { optionId: unseen.optionId, amount: unseen.warehouse } : undefined
          }
          onClose={() => setStockMode(null)}
        />
      )}
    </div>
  );
}

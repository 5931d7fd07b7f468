import { useLocation } from "wouter";
import { TrashIcon } from "../../components/moreIcons";
import { notify } from "../../components/notificationStore";
import { isHttpFailure } from "../../lib/api";
import { t } from "../../lib/i18n";
import { haptic, showConfirm } from "../../lib/telegram";
import { paths } from "../../lib/paths";
import { useAdminShop } from "../../features/admin/shops/api/useAdminShop";
import { useDeleteShop } from "../../features/admin/shops/api/useDeleteShop";
import { useUpdateShop } from "../../features/admin/shops/api/useUpdateShop";
import { ShopForm } from "../../features/admin/shops/components/ShopForm";
import { ShopIdMark } from "../../features/admin/shops/components/ShopList";
import { errorText, SHOP_LOADING } from "../../features/admin/shops/shopTexts";
import { NotFoundPage } from "./NotFoundPage";
import { PageLoading } from "./PageLoading";
import { RequireShopManagement, Retry } from "./ShopListPage";

/** /shop/edit/{id}: the form filled in, save changes, and DELETE with a confirmation. */
export function ShopEditPage({ id }: { id: string }) {
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return (
    <RequireShopManagement>
      <ShopEditScreen id={Number(id)} />
    </RequireShopManagement>
  );
}

function ShopEditScreen({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const shop = useAdminShop(id);
  const update = useUpdateShop();
  const remove = useDeleteShop();

  if (shop.isPending) return <PageLoading text={t(SHOP_LOADING)} />;
  if (isHttpFailure(shop.error, 404)) return <NotFoundPage />;
  if (!shop.data) return <Retry text={t("staff.shops.loadFailed")} onRetry={() => void shop.refetch()} />;
  const current = shop.data;
  const deletable = !current.is_warehouse && !current.is_deleted;

  const failed = (error: unknown) => {
    haptic("error");
    notify(errorText(error), "W");
  };

  const onDelete = async () => {
    if (!(await showConfirm(t("staff.shops.deleteQuestion", { name: current.name })))) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        haptic("warning");
        notify(t("staff.shops.deletedNotice"), "S");
        navigate(paths.shopList);
      },
      onError: failed,
    });
  };

  return (
    <section className="page shop-page">
      <div className="shop-page__head">
        <h1 className="page__title">{t("staff.shops.editTitle")}</h1>
        <ShopIdMark id={current.id} testId="shop-id" />
      </div>
      <ShopForm
        key={current.id}
        shop={current}
        submitLabel={t("staff.shops.save")}
        pending={update.isPending}
        onSubmit={(form) =>
          update.mutate(
            { id: current.id, form },
            {
              onSuccess: () => {
                haptic("success");
                notify(t("staff.shops.updated"), "S");
              },
              onError: failed,
            },
          )
        }
      >
        {deletable ? (
          <button
            type="button"
            className="button button--danger shop-form__delete"
            onClick={() => void onDelete()}
            disabled={remove.isPending}
            data-testid="shop-delete"
          >
            {remove.isPending ? <span className="button__spinner" aria-hidden="true" /> : <TrashIcon />}
            {t("staff.shops.delete")}
          </button>
        ) : (
          <p className="shop-form__note" data-testid="shop-not-deletable">
            {current.is_deleted ? t("staff.shops.wasDeleted") : t("staff.shops.warehouseKept")}
          </p>
        )}
      </ShopForm>
    </section>
  );
}

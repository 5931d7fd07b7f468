import type { ReactNode } from "react";
import { Link } from "wouter";
import { PlusIcon } from "../../components/moreIcons";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useSession } from "../../features/auth/hooks/useSession";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { ShopList, ShopListPlaceholder } from "../../features/admin/shops/components/ShopList";
import { SHOP_LOADING } from "../../features/admin/shops/shopTexts";
import { RequireAdmin } from "./RequireAdmin";
import "../../features/admin/shops/components/shops.css";

/**
 * Shop management is for admins and the spec's two allow-listed accounts (§6); everyone else gets the admin
 * pages' 'Отказано в доступе.'. The server checks the same on every call.
 */
export function RequireShopManagement({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.isAllowlisted) return children;
  return <RequireAdmin>{children}</RequireAdmin>;
}

/** /shop/list: every shop with its logo, name and address; the warehouse and deleted shops are marked. */
export function ShopListPage() {
  return (
    <RequireShopManagement>
      <ShopListScreen />
    </RequireShopManagement>
  );
}

function ShopListScreen() {
  const shops = useAdminShops();
  return (
    <section className="page shop-page">
      <div className="shop-page__head">
        <h1 className="page__title">{t("staff.shops.title")}</h1>
        <Link href={paths.shopCreate} className="button" data-testid="shop-create-link">
          <PlusIcon />
          {t("staff.shops.createLink")}
        </Link>
      </div>
      {shops.data ? (
        <ShopList shops={shops.data} />
      ) : shops.isPending ? (
        <>
          <p className="shop-form__note" role="status">
            {t(SHOP_LOADING)}
          </p>
          <ShopListPlaceholder />
        </>
      ) : (
        <Retry text={t("staff.shops.listFailed")} onRetry={() => void shops.refetch()} />
      )}
    </section>
  );
}

export function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="status-message">
      <p>{text}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t("staff.tryAgain")}
      </button>
    </div>
  );
}

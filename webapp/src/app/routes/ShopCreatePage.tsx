import { useLocation } from "wouter";
import { notify } from "../../components/notificationStore";
import { t } from "../../lib/i18n";
import { haptic } from "../../lib/telegram";
import { paths } from "../../lib/paths";
import { useCreateShop } from "../../features/admin/shops/api/useCreateShop";
import { ShopForm } from "../../features/admin/shops/components/ShopForm";
import { RequireShopManagement } from "./ShopListPage";

/** /shop/create: the form, CREATE SHOP, then 'New shop was created.' and the list. */
export function ShopCreatePage() {
  return (
    <RequireShopManagement>
      <ShopCreateScreen />
    </RequireShopManagement>
  );
}

function ShopCreateScreen() {
  const [, navigate] = useLocation();
  const create = useCreateShop();
  return (
    <section className="page shop-page">
      <h1 className="page__title">{t("staff.shops.newTitle")}</h1>
      <ShopForm
        submitLabel={t("staff.shops.create")}
        pending={create.isPending}
        onSubmit={(form) =>
          create.mutate(form, {
            onSuccess: () => {
              haptic("success");
              notify(t("staff.shops.created"), "S");
              navigate(paths.shopList);
            },
          })
        }
      />
    </section>
  );
}

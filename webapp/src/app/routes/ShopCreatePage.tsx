import { useLocation } from "wouter";
import { SHOP_TEXTS } from "@domain/shops";
import { notify } from "../../components/notificationStore";
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
      <h1 className="page__title">New shop</h1>
      <ShopForm
        submitLabel="CREATE SHOP"
        pending={create.isPending}
        onSubmit={(form) =>
          create.mutate(form, {
            onSuccess: () => {
              haptic("success");
              notify(SHOP_TEXTS.created, "S");
              navigate(paths.shopList);
            },
          })
        }
      />
    </section>
  );
}

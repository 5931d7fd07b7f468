import { useLocation } from "wouter";
import { notify } from "../../components/notificationStore";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { haptic } from "../../lib/telegram";
import { useCreateProduct } from "../../features/admin/products/api/useCreateProduct";
import { ProductForm } from "../../features/admin/products/components/ProductForm";
import { EMPTY_FIELDS, formDataOf } from "../../features/admin/products/productFields";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { unseenByCustomers } from "../../features/admin/products/asCatalogProduct";
import "../../features/admin/products/components/adminProducts.css";

/** /admin/create-product (spec §2, §5): the form, its preview, then the upload. */
export function CreateProductPage() {
  const create = useCreateProduct();
  const shops = useAdminShops();
  const [, navigate] = useLocation();
  return (
    <section className="page admin-page" data-testid="create-product">
      <h1 className="page__title">{t("staff.form.createTitle")}</h1>
      <ProductForm
        initial={EMPTY_FIELDS}
        sending={create.isPending}
        sendLabel={t("staff.form.send")}
        stockShops={shops.data}
        onSend={(fields, images) =>
          create.mutate(formDataOf(fields, images), {
            onSuccess: (answer) => {
              haptic("success");
              notify(t("staff.form.created"), "S");
              // Saved to the warehouse only (or with no stock): the admin hears at once that customers cannot see it.
              if (unseenByCustomers(answer.product)) notify(t("staff.product.unseen"), "W");
              navigate(paths.adminProducts);
            },
          })
        }
      />
    </section>
  );
}

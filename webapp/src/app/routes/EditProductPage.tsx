import { useLocation } from "wouter";
import { unseenByCustomers } from "../../features/admin/products/asCatalogProduct";
import { productImagePath } from "@domain/catalog";
import { BoxIcon } from "../../components/icons";
import { notify } from "../../components/notificationStore";
import { isHttpFailure } from "../../lib/api";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { haptic } from "../../lib/telegram";
import type { AdminProduct } from "../../features/admin/products/api/types";
import { useAdminProduct } from "../../features/admin/products/api/useAdminProduct";
import { useUpdateProduct } from "../../features/admin/products/api/useUpdateProduct";
import { ExistingImages } from "../../features/admin/products/components/ExistingImages";
import { ProductForm } from "../../features/admin/products/components/ProductForm";
import { SaleEditor } from "../../features/admin/products/components/SaleEditor";
import { changedFields, fieldsOf, formDataOf } from "../../features/admin/products/productFields";
import { PageLoading } from "./PageLoading";
import "../../features/admin/products/components/adminProducts.css";

/** /admin/products/{id}/edit (spec §2, §5): the form filled from the product; only changed, non-empty fields are sent. */
export function EditProductPage({ id }: { id: number }) {
  const product = useAdminProduct(id);
  if (product.isPending) return <PageLoading text={t("staff.form.loading")} />;
  if (!product.data && !isHttpFailure(product.error, 404)) {
    return (
      <section className="page">
        <div className="status-message" data-testid="product-failed">
          <p>{t("staff.form.loadFailed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void product.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      </section>
    );
  }
  if (!product.data) {
    return (
      <section className="page">
        <div className="status-message" data-testid="product-missing">
          <span className="status-message__icon">
            <BoxIcon />
          </span>
          <p className="status-message__title">{t("staff.form.missing", { id })}</p>
        </div>
      </section>
    );
  }
  return <EditForm product={product.data} />;
}

function EditForm({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct(product.id);
  const [, navigate] = useLocation();
  const before = fieldsOf(product);
  const ordered = [...product.images].sort((a, b) => a.position - b.position);
  return (
    <section className="page admin-page" data-testid="edit-product-page">
      <h1 className="page__title">{t("staff.form.editTitle", { id: product.id })}</h1>
      <ProductForm
        initial={before}
        current={before}
        existingImageUrls={ordered.map((image) => productImagePath(product.id, image.filename))}
        existingImages={<ExistingImages productId={product.id} images={product.images} />}
        after={<SaleEditor product={product} />}
        sending={update.isPending}
        sendLabel={t("staff.form.send")}
        onSend={(fields, images) => {
          const changed = changedFields(before, fields);
          if (Object.keys(changed).length === 0 && images.length === 0) {
            notify(t("staff.form.unchanged"), "N");
            return;
          }
          update.mutate(formDataOf(changed, images), {
            onSuccess: (answer) => {
              haptic("success");
              notify(t("staff.form.updated"), "S");
              if (unseenByCustomers(answer.product)) notify(t("staff.product.unseen"), "W");
              navigate(paths.adminProducts);
            },
          });
        }}
      />
    </section>
  );
}

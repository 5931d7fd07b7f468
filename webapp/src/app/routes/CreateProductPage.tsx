import { useLocation } from "wouter";
import { notify } from "../../components/notificationStore";
import { paths } from "../../lib/paths";
import { haptic } from "../../lib/telegram";
import { messageOf } from "../../features/admin/products/api/keys";
import { useCreateProduct } from "../../features/admin/products/api/useCreateProduct";
import { ProductForm } from "../../features/admin/products/components/ProductForm";
import { EMPTY_FIELDS, formDataOf } from "../../features/admin/products/productFields";
import "../../features/admin/products/components/adminProducts.css";

/** /admin/create-product (spec §2, §5): the form, its preview, then the upload. */
export function CreateProductPage() {
  const create = useCreateProduct();
  const [, navigate] = useLocation();
  return (
    <section className="page admin-page" data-testid="create-product">
      <h1 className="page__title">CREATE PRODUCT</h1>
      <ProductForm
        initial={EMPTY_FIELDS}
        sending={create.isPending}
        sendLabel="SEND"
        onSend={(fields, images) =>
          create.mutate(formDataOf(fields, images), {
            onSuccess: (answer) => {
              haptic("success");
              notify(messageOf(answer, "Product was successfuly uploaded"), "S");
              navigate(paths.adminProducts);
            },
          })
        }
      />
    </section>
  );
}

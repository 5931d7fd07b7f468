import { Redirect } from "wouter";
import { isHttpFailure } from "../../lib/api";
import { paths } from "../../lib/paths";
import { useProduct } from "../../features/catalog/api/useProduct";
import { ProductDetailsPlaceholder } from "../../features/catalog/components/ProductDetailsPlaceholder";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { StorefrontProductDetails } from "../storefront/StorefrontProductDetails";
import { t } from "../../lib/i18n";

/** /products/{id}: anything but a positive whole id, or an id the store does not know, is the 404 page. */
export function ProductPage({ id }: { id: string }) {
  const productId = Number(id);
  if (!Number.isSafeInteger(productId) || productId < 1) return <Redirect to={paths.notFound} replace />;
  return <LoadedProduct productId={productId} />;
}

function LoadedProduct({ productId }: { productId: number }) {
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const product = useProduct(productId, stockId);

  if (isHttpFailure(product.error, 404)) return <Redirect to={paths.notFound} replace />;
  if (product.data) return <StorefrontProductDetails product={product.data} />;
  if (product.isPending) return <ProductDetailsPlaceholder />;
  return (
    <div className="status-message" data-testid="product-failed">
      <p>{t("product.failed")}</p>
      <button type="button" className="button button--ghost" onClick={() => void product.refetch()}>
        {t("ui.tryAgain")}
      </button>
    </div>
  );
}

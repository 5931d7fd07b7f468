import { Link } from "wouter";
import { BoxIcon, PlusIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import { useAdminProducts } from "../../features/admin/products/api/useAdminProducts";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { AdminProductCard } from "../../features/admin/products/components/AdminProductCard";
import { CategoryTags } from "../../features/catalog/components/CategoryTags";
import { ProductCardPlaceholder } from "../../components/product/ProductCardPlaceholder";
import { listPicturePriority } from "../../features/catalog/components/ProductList";
import { useCategoryParam } from "../../features/catalog/hooks/useCategoryParam";
import "../../features/admin/products/components/adminProducts.css";

/** /admin/products (spec §2): every product, inactive and deleted ones too, by category, with the admin's tools. */
export function AdminProductsPage() {
  const [category, chooseCategory] = useCategoryParam();
  const products = useAdminProducts(category);
  // The stock dialogs' shops: the shop screens' own query, so a shop edited there is the one offered here.
  const shops = useAdminShops();
  return (
    <section className="admin-page" data-testid="admin-products">
      <div className="admin-page__head">
        <h1 className="page__title">PRODUCTS</h1>
        <Link href={paths.adminCreateProduct} className="button admin-small" data-testid="link-create-product">
          <PlusIcon />
          Create product
        </Link>
      </div>
      <CategoryTags selected={category} onSelect={chooseCategory} />
      {products.isPending ? (
        <div className="product-list" role="status" aria-label="Loading products..." data-testid="products-loading">
          <ProductCardPlaceholder />
          <ProductCardPlaceholder />
        </div>
      ) : !products.data ? (
        <div className="status-message" data-testid="products-failed">
          <p>The products could not be loaded.</p>
          <button type="button" className="button button--ghost" onClick={() => void products.refetch()}>
            Try again
          </button>
        </div>
      ) : products.data.length === 0 ? (
        <div className="status-message" data-testid="products-empty">
          <span className="status-message__icon">
            <BoxIcon />
          </span>
          <p className="status-message__title">No products</p>
        </div>
      ) : (
        <div className="product-list">
          {products.data.map((product, index) => (
            <AdminProductCard key={product.id} product={product} priority={listPicturePriority(index)} stockShops={shops.data} />
          ))}
        </div>
      )}
    </section>
  );
}

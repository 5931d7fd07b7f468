import { useEffect, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { BoxIcon } from "../../components/icons";
import { PlusIcon } from "../../components/moreIcons";
import { LoadMore } from "../../components/LoadMore";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useDebounced } from "../../lib/useDebounced";
import { useAdminProducts } from "../../features/admin/products/api/useAdminProducts";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { AdminProductCard } from "../../features/admin/products/components/AdminProductCard";
import { CategoryTags } from "../../features/catalog/components/CategoryTags";
import { ProductCardPlaceholder } from "../../components/product/ProductCardPlaceholder";
import { listPicturePriority } from "../../features/catalog/components/ProductList";
import { useCategoryParam } from "../../features/catalog/hooks/useCategoryParam";
import "../../features/admin/products/components/adminProducts.css";

/** How long typing must pause before the search is asked. */
const SEARCH_PAUSE_MS = 300;

/**
 * /admin/products (spec §2): every product, inactive and deleted ones too, by category, with the admin's tools;
 * a search by name (the customer's search rules, on the server) narrows the list; more cards load as the list's end scrolls into view.
 */
export function AdminProductsPage() {
  const [category, chooseCategory] = useCategoryParam();
  const [params, setParams] = useSearchParams();
  // The search lives in the URL (?q=) like the tag, so coming back from a product's edit form restores it.
  const [typed, setTyped] = useState(() => params.get("q") ?? "");
  const search = useDebounced(typed.trim(), SEARCH_PAUSE_MS);
  useEffect(() => {
    if ((params.get("q") ?? "") === search) return;
    setParams(
      (current) => {
        if (search === "") current.delete("q");
        else current.set("q", search);
        return current;
      },
      { replace: true },
    );
  }, [search, params, setParams]);
  const products = useAdminProducts(category, search);
  // The stock dialogs' shops: the shop screens' own query, so a shop edited there is the one offered here.
  const shops = useAdminShops();
  const list = products.data?.pages.flatMap((page) => page.products);
  return (
    <section className="admin-page" data-testid="admin-products">
      <div className="admin-page__head">
        <h1 className="page__title">{t("staff.products.title")}</h1>
        <Link href={paths.adminCreateProduct} className="button admin-small" data-testid="link-create-product">
          <PlusIcon />
          {t("staff.product.create")}
        </Link>
      </div>
      <div className="admin-search">
        <input
          aria-label={t("staff.products.searchLabel")}
          className="field__input admin-search__input"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t("staff.products.search")}
          maxLength={100}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="admin-product-search"
        />
      </div>
      <CategoryTags selected={category} onSelect={chooseCategory} />
      {list ? (
        list.length === 0 ? (
          <div className="status-message" data-testid="products-empty">
            <span className="status-message__icon">
              <BoxIcon />
            </span>
            <p className="status-message__title">{search === "" ? t("staff.products.none") : t("staff.products.noMatch", { search })}</p>
          </div>
        ) : (
          <>
            <div
              className={products.isPlaceholderData ? "product-list admin-product-list--stale" : "product-list"}
              aria-busy={products.isPlaceholderData}
              data-testid="admin-product-list"
            >
              {list.map((product, index) => (
                <AdminProductCard key={product.id} product={product} priority={listPicturePriority(index)} stockShops={shops.data} />
              ))}
            </div>
            <LoadMore
              hasMore={products.hasNextPage}
              loading={products.isFetchingNextPage}
              failed={products.isFetchNextPageError}
              onMore={() => void products.fetchNextPage()}
            />
          </>
        )
      ) : products.isPending ? (
        <div className="product-list" role="status" aria-label={t("staff.products.loading")} data-testid="products-loading">
          <ProductCardPlaceholder />
          <ProductCardPlaceholder />
        </div>
      ) : (
        <div className="status-message" data-testid="products-failed">
          <p>{t("staff.products.failed")}</p>
          <button type="button" className="button button--ghost" onClick={() => void products.refetch()}>
            {t("staff.tryAgain")}
          </button>
        </div>
      )}
    </section>
  );
}

import { useCallback, useEffect, useState } from "react";
import type { CardProduct } from "@domain/contracts/catalog";
import type { PicturePriority } from "../../components/product/ProductPicture";
import { useProducts, useSearchProducts } from "../../features/catalog/api/useProducts";
import { SearchField } from "../../features/catalog/components/SearchField";
import { CategoryTags } from "../../features/catalog/components/CategoryTags";
import { ProductList } from "../../features/catalog/components/ProductList";
import { useCardHeldInPlace } from "../../features/catalog/hooks/useCardHeldInPlace";
import { useCategoryParam } from "../../features/catalog/hooks/useCategoryParam";
import { AllShopsBar } from "../../features/shops/components/AllShopsBar";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { customerScreens } from "../customerScreensImport";
import { t } from "../../lib/i18n";
import { StorefrontProductCard } from "../storefront/StorefrontProductCard";

/** How long typing pauses before the search is sent. */
const SEARCH_DEBOUNCE_MS = 200;

/** The search as typed, and the one sent (trimmed, after a pause in typing; null while there is none). */
function useDebouncedSearch(): [string, (text: string) => void, string | null] {
  const [typed, setTyped] = useState(searchTyped);
  const [sent, setSent] = useState<string | null>(typed.trim() || null);
  useEffect(() => {
    searchTyped = typed;
    const next = typed.trim() || null;
    if (next === null) {
      setSent(null);
      return;
    }
    const timer = window.setTimeout(() => setSent(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped, sent];
}

/** The search kept for the visit, like the list's place: back from a product the results are there again. */
let searchTyped = "";

export function HomePage() {
  const [category, chooseCategory] = useCategoryParam();
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const [typed, setTyped, q] = useDebouncedSearch();
  const listing = useProducts({ category, stockId });
  const search = useSearchProducts({ q, category, stockId });
  const products = q === null ? listing : search;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A shop chosen from a card narrows the list to that shop: the card the customer used stays where it was.
  const holdCard = useCardHeldInPlace(products.data, !products.isPlaceholderData);

  // The product, cart and wishlist pages are a chunk of their own: fetched once the browser is idle (the shell asks),
  // or when the customer points at or touches the list, so the tap that opens a page finds it there.
  const prefetchScreens = () => void customerScreens.load().catch(() => undefined);

  // One function for the whole visit: a refresh draws again only the cards whose product changed.
  const renderProduct = useCallback(
    (product: CardProduct, priority: PicturePriority) => (
      <StorefrontProductCard product={product} priority={priority} onShopChosen={() => holdCard(product.id)} />
    ),
    [holdCard],
  );

  const onChooseCategory = (next: number) => {
    chooseCategory(next);
    // A new tag starts a new list: show it from its top, the chips staying in place.
    window.scrollTo(0, 0);
  };

  return (
    <>
      <AllShopsBar />
      <SearchField value={typed} onChange={setTyped} />
      <CategoryTags selected={category} onSelect={onChooseCategory} />
      <div onPointerEnter={prefetchScreens} onTouchStart={prefetchScreens}>
        <ProductList
          products={products.data}
          isPending={products.isPending}
          onRetry={() => void products.refetch()}
          renderProduct={renderProduct}
          onEndReached={q === null ? undefined : onEndReached}
          empty={
            q !== null && (
              <div className="status-message" data-testid="search-no-match">
                <p className="status-message__title">{t("catalog.searchNoMatch", { query: q })}</p>
                <button type="button" className="button button--ghost" onClick={() => setTyped("")}>
                  {t("catalog.clearSearch")}
                </button>
              </div>
            )
          }
        />
      </div>
    </>
  );
}

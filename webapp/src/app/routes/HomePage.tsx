import { useCallback, useEffect } from "react";
import type { CardProduct } from "@domain/contracts/catalog";
import type { PicturePriority } from "../../components/product/ProductPicture";
import { useProducts } from "../../features/catalog/api/useProducts";
import { CategoryTags } from "../../features/catalog/components/CategoryTags";
import { ProductList } from "../../features/catalog/components/ProductList";
import { useCardHeldInPlace } from "../../features/catalog/hooks/useCardHeldInPlace";
import { useCategoryParam } from "../../features/catalog/hooks/useCategoryParam";
import { useListScrollMemory } from "../../features/catalog/hooks/useListScrollMemory";
import { AllShopsBar } from "../../features/shops/components/AllShopsBar";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { loadCustomerScreens, prefetchCustomerScreensWhenIdle } from "../customerScreensImport";
import { StorefrontProductCard } from "../storefront/StorefrontProductCard";

export function HomePage() {
  const [category, chooseCategory] = useCategoryParam();
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const products = useProducts({ category, stockId });
  useListScrollMemory(products.data !== undefined);
  // A shop chosen from a card narrows the list to that shop: the card the customer used stays where it was.
  const holdCard = useCardHeldInPlace(products.data, !products.isPlaceholderData);

  // The product, cart and wishlist pages are a chunk of their own: fetched once home is idle, or when the customer
  // points at or touches the list, so the tap that opens a page finds it there.
  useEffect(() => prefetchCustomerScreensWhenIdle(), []);
  const prefetchScreens = () => void loadCustomerScreens();

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
      <CategoryTags selected={category} onSelect={onChooseCategory} />
      <div onPointerEnter={prefetchScreens} onTouchStart={prefetchScreens}>
        <ProductList
          products={products.data}
          isPending={products.isPending}
          onRetry={() => void products.refetch()}
          renderProduct={renderProduct}
        />
      </div>
    </>
  );
}

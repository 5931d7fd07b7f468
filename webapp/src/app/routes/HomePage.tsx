import { useProducts } from "../../features/catalog/api/useProducts";
import { CategoryTags } from "../../features/catalog/components/CategoryTags";
import { ProductList } from "../../features/catalog/components/ProductList";
import { useCardHeldInPlace } from "../../features/catalog/hooks/useCardHeldInPlace";
import { useCategoryParam } from "../../features/catalog/hooks/useCategoryParam";
import { useListScrollMemory } from "../../features/catalog/hooks/useListScrollMemory";
import { AllShopsBar } from "../../features/shops/components/AllShopsBar";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { StorefrontProductCard } from "../storefront/StorefrontProductCard";

export function HomePage() {
  const [category, chooseCategory] = useCategoryParam();
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const products = useProducts({ category, stockId });
  useListScrollMemory(products.data !== undefined);
  // A shop chosen from a card narrows the list to that shop: the card the customer used stays where it was.
  const holdCard = useCardHeldInPlace(products.data, !products.isPlaceholderData);

  const onChooseCategory = (next: number) => {
    chooseCategory(next);
    // A new tag starts a new list: show it from its top, the chips staying in place.
    window.scrollTo(0, 0);
  };

  return (
    <>
      <AllShopsBar />
      <CategoryTags selected={category} onSelect={onChooseCategory} />
      <ProductList
        products={products.data}
        isPending={products.isPending}
        onRetry={() => void products.refetch()}
        renderProduct={(product, priority) => (
          <StorefrontProductCard product={product} priority={priority} onShopChosen={() => holdCard(product.id)} />
        )}
      />
    </>
  );
}

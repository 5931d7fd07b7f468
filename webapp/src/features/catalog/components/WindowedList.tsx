import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useWindowVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import type { CardProduct } from "@domain/contracts/catalog";
import type { PicturePriority } from "../../../components/product/ProductPicture";
import { useListPlaceMemory } from "../hooks/useListPlaceMemory";
import { listPicturePriority, type ProductListProps } from "./ProductList";

/**
 * The windowed list itself (`@tanstack/react-virtual`), a lazy chunk of its own: ProductList.tsx fetches it as it
 * first draws, in parallel with the list's products, and shows the placeholder cards until both are there.
 */

/** The space between two cards (the list's `gap` before it was windowed). */
const CARD_GAP = 16;
/** A card's height before it was measured: about a phone's card with one picture. */
const ESTIMATED_CARD_HEIGHT = 560;
/** Cards drawn beyond the screen on each side, so a fast scroll meets drawn cards. */
const OVERSCAN = 3;
/** A list this short is drawn whole (about 1,500 elements): windowing starts where its cost grows. */
const DRAWN_WHOLE = 24;

/**
 * The cards' measured heights, kept for the visit: back from a product page the list has the same height at once,
 * and the remembered place (useListPlaceMemory) is found at once.
 */
let measuredCards: VirtualItem[] = [];

/** Two answers' products are the same card when their data is (the 15 s refresh gives new objects for a changed product only). */
function sameProduct(a: CardProduct, b: CardProduct): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

interface ListCardProps {
  product: CardProduct;
  priority: PicturePriority;
  renderProduct: ProductListProps["renderProduct"];
}

/** One card of the list, drawn again only when its product's data (or how its picture loads) changed. */
const ListCard = memo(
  function ListCard({ product, priority, renderProduct }: ListCardProps) {
    return <>{renderProduct(product, priority)}</>;
  },
  (before, after) =>
    before.priority === after.priority && before.renderProduct === after.renderProduct && sameProduct(before.product, after.product),
);

/** The cards on screen (and a few beyond), in the page's own scroll: the page holds a bounded number of cards. */
interface WindowedListProps {
  products: CardProduct[];
  renderProduct: ProductListProps["renderProduct"];
  onEndReached?: () => void;
}

export function WindowedList({ products, renderProduct, onEndReached }: WindowedListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: products.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: products.length <= DRAWN_WHOLE ? DRAWN_WHOLE : OVERSCAN,
    gap: CARD_GAP,
    scrollMargin,
    getItemKey: (index) => products[index]!.id,
    initialMeasurementsCache: measuredCards,
  });

  // Where the list starts in the page (under the shop bar and the tags): the window's offsets are counted from it.
  // Measured after every render (the bars above may change height); an unchanged value renders nothing again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  });
  useLayoutEffect(
    () => () => {
      measuredCards = virtualizer.measurementsCache;
    },
    [virtualizer],
  );

  useListPlaceMemory(virtualizer, products, listRef);

  const items = virtualizer.getVirtualItems();
  const lastDrawn = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && lastDrawn >= products.length - OVERSCAN - 1) onEndReached();
  }, [lastDrawn, products.length, onEndReached]);
  return (
    <div ref={listRef} className="product-list product-list--windowed" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const product = products[item.index]!;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="product-list__item"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <ListCard product={product} priority={listPicturePriority(item.index)} renderProduct={renderProduct} />
          </div>
        );
      })}
    </div>
  );
}

import { useQueries } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Product } from "@domain/contracts/catalog";
import { productImagePath } from "@domain/catalog";
import { formatBaht } from "@domain/format";
import { BagIcon } from "../../components/icons";
import { countOf } from "../../lib/format";
import { paths } from "../../lib/paths";
import { productQuery } from "../../features/catalog/api/useProduct";
import { offerFor } from "@domain/options";
import { useCartStore, type CartLine } from "../../features/cart/stores/cartStore";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import "./pages.css";

export function CartPage() {
  const lines = useCartStore((state) => state.lines);
  const stockId = useChosenShopStore((state) => state.chosenShopId);
  const productIds = [...new Set(lines.map((line) => line.id))];
  const products = useQueries({
    queries: productIds.map((id) => productQuery(id, stockId)),
    combine: (results) => new Map(results.flatMap((result, i) => (result.data ? [[productIds[i], result.data] as const] : []))),
  });

  if (lines.length === 0) {
    return (
      <section className="page">
        <h1 className="page__title">Cart</h1>
        <div className="status-message" data-testid="cart-empty">
          <span className="status-message__icon">
            <BagIcon />
          </span>
          <p className="status-message__title">Your cart is empty.</p>
          <p>Pick something you like in the store and it will wait for you here.</p>
          <Link href={paths.home} className="button">
            Browse products
          </Link>
        </div>
      </section>
    );
  }

  const priced = lines.map((line) => ({ line, product: products.get(line.id) }));
  const total = priced.reduce((sum, { line, product }) => sum + (product ? lineTotal(product, line) : 0), 0);

  return (
    <section className="page">
      <h1 className="page__title">Cart</h1>
      <ul className="cart-lines">
        {priced.map(({ line, product }) => (
          <CartLineRow key={`${line.id}:${line.picked_option}`} line={line} product={product} />
        ))}
      </ul>
      <div className="cart-total">
        <span>Total · {countOf(lines.length, "item")}</span>
        <strong data-testid="cart-total">{formatBaht(total)}</strong>
      </div>
    </section>
  );
}

function lineTotal(product: Product, line: CartLine): number {
  return (offerFor(product, line.picked_option)?.per_price ?? 0) * line.amount;
}

function CartLineRow({ line, product }: { line: CartLine; product: Product | undefined }) {
  if (!product) {
    return (
      <li className="cart-line cart-line--loading" data-testid="cart-line">
        <span className="cart-line__thumb" />
        <span className="cart-line__info">Loading product...</span>
      </li>
    );
  }
  const offer = offerFor(product, line.picked_option);
  const image = product.images[0];
  return (
    <li className="cart-line" data-testid="cart-line">
      <Link href={paths.product(product.id)} className="cart-line__thumb">
        {image && <img src={productImagePath(product.id, image.filename)} alt="" width={64} height={64} />}
      </Link>
      <span className="cart-line__info">
        <Link href={paths.product(product.id)} className="cart-line__name">
          {product.name}
        </Link>
        <span className="cart-line__option">
          {offer ? `${offer.price_text} · ${line.amount} × ${formatBaht(offer.per_price)}` : "This option is no longer sold"}
        </span>
      </span>
      <strong className="cart-line__sum">{formatBaht(lineTotal(product, line))}</strong>
    </li>
  );
}

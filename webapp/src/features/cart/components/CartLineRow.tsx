import { lineTotal } from "@domain/orders";
import { Link } from "wouter";
import { formatAmount, formatBaht } from "@domain/format";
import { AmountPicker } from "../../../components/AmountPicker";
import { UsualPrice } from "../../../components/product/UsualPrice";
import type { OptionPrice } from "../../../lib/prices";
import { LeafIcon } from "../../../components/icons";
import { TrashIcon } from "../../../components/moreIcons";
import "./CartLineRow.css";
import { t } from "../../../lib/i18n";

interface CartLineView {
  name: string;
  href: string;
  /** The image's URL, or null for none. */
  image: string | null;
  /** The option's name ("3.5 g"). */
  optionText: string;
  /** One item's price now (a sale's while it runs) and its usual price. */
  price: OptionPrice;
  amount: number;
  /** Amount limits of this option where the cart is ordered from; null while unknown. */
  limits: { min: number; step: number; max: number } | null;
}

interface CartLineRowProps {
  line: CartLineView | null;
  /** Why the line cannot be ordered, when it cannot. */
  problem: string | null;
  onAmount: (amount: number) => void;
  onRemove: () => void;
}

/** One line of the cart page: what, how many (changeable), the line total, and removal. */
export function CartLineRow({ line, problem, onAmount, onRemove }: CartLineRowProps) {
  return (
    <li className="cart-line" data-testid="cart-line" data-problem={problem ? true : undefined}>
      <div className="cart-line__main">
        {line ? (
          <Link href={line.href} className="cart-line__thumb" aria-label={line.name}>
            {line.image ? <img src={line.image} alt="" width={64} height={64} /> : <LeafIcon />}
          </Link>
        ) : (
          <span className="cart-line__thumb" />
        )}
        <div className="cart-line__info">
          {line ? (
            <>
              <Link href={line.href} className="cart-line__name" data-testid="cart-line-name">
                {line.name}
              </Link>
              <span className="cart-line__option">
                {line.optionText && <span data-testid="cart-line-option">{line.optionText}</span>}
                <span data-testid="cart-line-each">
                  {line.price.onSale && <UsualPrice amount={line.price.usual} testId="cart-line-usual-price" />}{" "}
                  {t("cart.each", { price: formatBaht(line.price.now) })}
                </span>
              </span>
            </>
          ) : (
            <span className="cart-line__option">{problem ?? t("cart.loadingLine")}</span>
          )}
        </div>
        <button
          type="button"
          className="cart-line__remove"
          onClick={onRemove}
          aria-label={t("cart.removeLine")}
          data-testid="cart-line-remove"
        >
          <TrashIcon />
        </button>
      </div>
      {!line && !problem && (
        <div className="cart-line__foot" aria-hidden="true">
          <span className="placeholder-line" />
          <span className="placeholder-line" />
        </div>
      )}
      {line && (
        <div className="cart-line__foot">
          {line.limits && line.limits.max >= line.limits.min ? (
            <AmountPicker
              value={line.amount}
              onChange={onAmount}
              min={line.limits.min}
              max={Math.max(line.limits.max, line.amount)}
              step={line.limits.step}
              label={t("product.amountOf", { name: line.name })}
              size="small"
            />
          ) : (
            <span className="cart-line__amount">× {formatAmount(line.amount)}</span>
          )}
          <span className="cart-line__sums">
            {line.price.onSale && (
              <UsualPrice amount={lineTotal({ per_price: line.price.usual, amount: line.amount })} testId="cart-line-usual-total" />
            )}
            <strong className="cart-line__sum" data-testid="cart-line-total" data-on-sale={line.price.onSale || undefined}>
              {formatBaht(lineTotal({ per_price: line.price.now, amount: line.amount }))}
            </strong>
          </span>
        </div>
      )}
      {line && problem && (
        <p className="cart-line__problem" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

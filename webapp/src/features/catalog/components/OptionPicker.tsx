import { isSoldOut } from "@domain/options";
import { useEffect } from "react";
import { useLocation } from "wouter";
import type { CardProduct } from "@domain/contracts/catalog";
import { productImagePath } from "@domain/catalog";
import { formatAmount, formatBaht } from "@domain/format";
import { offersOf, type OptionOffer } from "@domain/options";
import { BottomSheet } from "../../../components/BottomSheet";
import { UsualPrice } from "../../../components/product/UsualPrice";
import { optionPrice } from "../../../lib/prices";
import { CheckIcon, FlameIcon, GiftIcon, LeafIcon } from "../../../components/icons";
import { haptic } from "../../../lib/telegram";
import { closeOptionPicker, useOptionPickerStore } from "../stores/optionPickerStore";
import { pickOption, usePickedOptionStore, pickedOffer } from "../stores/pickedOptionStore";
import "./OptionPicker.css";
import { t } from "../../../lib/i18n";

/** The option picker sheet (spec §2, §4), mounted once by the shell and opened with openOptionPicker(). */
export function OptionPicker() {
  const visible = useOptionPickerStore((state) => state.visible);
  const product = useOptionPickerStore((state) => state.product);
  const [pathname] = useLocation();
  // Leaving the page (the back gesture, a link) takes the sheet along.
  useEffect(() => {
    if (useOptionPickerStore.getState().visible) closeOptionPicker();
  }, [pathname]);
  if (!product) return null;
  return (
    <BottomSheet
      visible={visible}
      onClose={closeOptionPicker}
      title={product.name}
      subtitle={
        <span className="option-picker__subtitle">
          {t("product.chooseOption")}
          {product.hot_deal === "1" && (
            <span className="option-picker__hot pill pill--hot" data-testid="option-picker-hot">
              <FlameIcon />
              {t("product.hotDeal")}
            </span>
          )}
        </span>
      }
      testId="option-picker"
    >
      <OptionList product={product} />
    </BottomSheet>
  );
}

function OptionList({ product }: { product: CardProduct }) {
  const picked = usePickedOptionStore((state) => pickedOffer(product, state.picked).id);
  const onPick = (offer: OptionOffer) => {
    pickOption(product.id, offer.id);
    haptic("rigid");
    closeOptionPicker();
  };
  return (
    <ul className="option-picker">
      {offersOf(product).map((offer) => (
        <li key={offer.id}>
          <OptionButton product={product} offer={offer} picked={offer.id === picked} onPick={() => onPick(offer)} />
        </li>
      ))}
    </ul>
  );
}

interface OptionButtonProps {
  product: CardProduct;
  offer: OptionOffer;
  picked: boolean;
  onPick: () => void;
}

function OptionButton({ product, offer, picked, onPick }: OptionButtonProps) {
  const soldOut = isSoldOut(offer);
  const image = optionImage(product, offer.id);
  return (
    <button
      type="button"
      className="option-choice"
      onClick={onPick}
      disabled={soldOut}
      aria-pressed={picked}
      data-testid="option-choice"
      data-option-id={offer.id}
    >
      <span className="option-choice__image">
        {image ? <img src={productImagePath(product.id, image)} alt="" width={56} height={56} loading="lazy" /> : <LeafIcon />}
        {product.hot_deal === "1" && (
          <span className="option-choice__flame" aria-label={t("product.hotDeal")}>
            <FlameIcon />
          </span>
        )}
      </span>
      <span className="option-choice__text">
        <span className="option-choice__name" data-testid="option-price-text">
          {offer.price_text || t("product.standardOption")}
        </span>
        {offer.gift_text && (
          <span className="option-choice__gift">
            <GiftIcon />
            {offer.gift_text}
          </span>
        )}
        <span className="option-choice__stock" data-sold-out={soldOut || undefined} data-testid="option-stock">
          {soldOut ? t("product.soldOut") : t("product.inStock", { count: formatAmount(offer.instock) })}
        </span>
      </span>
      <OptionPrice offer={offer} />
      <span className="option-choice__mark" aria-hidden="true">
        {picked && <CheckIcon />}
      </span>
    </button>
  );
}

/** The row's price; on sale the sale price over the usual one struck through. */
function OptionPrice({ offer }: { offer: OptionOffer }) {
  const price = optionPrice(offer);
  return (
    <span className="option-choice__prices">
      <strong className="option-choice__price" data-testid="option-price" data-on-sale={price.onSale || undefined}>
        {formatBaht(price.now)}
      </strong>
      {price.onSale && <UsualPrice amount={price.usual} testId="option-usual-price" />}
    </span>
  );
}

/** An option shows the product image its img_index names (in the pictures' order); the base option and the rest the first. */
function optionImage(product: CardProduct, optionId: string): string | null {
  const { images } = product;
  const index = product.options?.[optionId]?.img_index ?? 0;
  return (images[index] ?? images[0])?.filename ?? null;
}

import { categoryColour, labelIconOf } from "@domain/catalog";
import { categoryName } from "../../lib/categoryNames";
import { CookieIcon, LighterIcon } from "../icons";
import "./ProductLabel.css";

const LABEL_ICONS = { accessory: LighterIcon, food: CookieIcon } as const;

/** The category chip in its colour, then the product's label (with its own icon for categories 4 and 5). */
export function ProductLabel({ categoryId, label }: { categoryId: number; label: string }) {
  const name = categoryName(categoryId);
  const icon = labelIconOf(categoryId);
  const LabelIcon = icon ? LABEL_ICONS[icon] : null;
  return (
    <div className="product-label" data-colour={categoryColour(categoryId) ?? undefined}>
      {name && <span className="product-label__category">{name}</span>}
      {label && (
        <span className="product-label__text" data-testid="product-label">
          {LabelIcon && <LabelIcon className="product-label__icon" data-testid={`label-icon-${icon}`} />}
          {label}
        </span>
      )}
    </div>
  );
}

import { useLayoutEffect, useRef } from "react";
import { CATEGORY_TAGS, HOT_DEAL_TAG, categoryColour } from "@domain/catalog";
import { t } from "../../../lib/i18n";
import { categoryName } from "../../../lib/categoryNames";
import { FlameIcon } from "../../../components/icons";
import "./CategoryTags.css";

interface CategoryTagsProps {
  selected: number;
  onSelect: (category: number) => void;
}

/** The filter chips of the home page, in the spec's order. */
export function CategoryTags({ selected, onSelect }: CategoryTagsProps) {
  const rowRef = useRef<HTMLDivElement>(null);

  // A tag chosen further right (e.g. Accessories) must be visible when the page comes back.
  useLayoutEffect(() => {
    const row = rowRef.current;
    const chip = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chip) return;
    const chipEnd = chip.offsetLeft + chip.offsetWidth;
    if (chip.offsetLeft < row.scrollLeft || chipEnd > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
    }
  }, [selected]);

  return (
    <div className="category-tags" role="toolbar" aria-label={t("catalog.categories")}>
      <div className="category-tags__row" ref={rowRef}>
        {CATEGORY_TAGS.map((tag) => {
          const colour = categoryColour(tag.id);
          return (
            <button
              key={tag.id}
              type="button"
              className="category-tag"
              data-testid="category-tag"
              data-colour={colour ?? undefined}
              aria-pressed={tag.id === selected}
              onClick={() => onSelect(tag.id)}
            >
              {tag.id === HOT_DEAL_TAG && <FlameIcon className="category-tag__flame" />}
              {colour && <span className="category-tag__dot" />}
              {categoryName(tag.id) ?? tag.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}

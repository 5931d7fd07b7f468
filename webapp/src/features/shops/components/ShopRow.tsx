import type { ReactNode } from "react";
import { MapPinIcon, StoreIcon } from "../../../components/icons";
import "./ShopRow.css";

interface ShopRowProps {
  name: string;
  district: string;
  /** The logo's URL; "" shows a shop icon. */
  logo: string;
  /** What the row says on its right: stock, a check mark. */
  aside?: ReactNode;
  /** A row that chooses the shop is a button. */
  onChoose?: () => void;
  chosen?: boolean;
  /** The row focused as it appears (in a dialog: where the keyboard starts, components/useOverlayOpen.ts). */
  focusOnOpen?: boolean;
  testId?: string;
}

/** One pickup shop in a list: logo, name, district. */
export function ShopRow({ name, district, logo, aside, onChoose, chosen = false, focusOnOpen = false, testId }: ShopRowProps) {
  const content = (
    <>
      <span className="shop-row__logo">{logo ? <img src={logo} alt="" width={42} height={42} /> : <StoreIcon />}</span>
      <span className="shop-row__info">
        <span className="shop-row__name" data-testid="shop-row-name">
          {name}
        </span>
        <span className="shop-row__district">
          <MapPinIcon />
          {district}
        </span>
      </span>
      {aside && <span className="shop-row__aside">{aside}</span>}
    </>
  );
  if (!onChoose) {
    return (
      <div className="shop-row" data-chosen={chosen || undefined} data-testid={testId}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="shop-row shop-row--choice"
      onClick={onChoose}
      aria-pressed={chosen}
      autoFocus={focusOnOpen}
      data-testid={testId}
    >
      {content}
    </button>
  );
}

import { StoreIcon } from "./icons";
import "./ShopLogo.css";

interface ShopLogoProps {
  /** The logo's URL, or null for the shop icon. */
  src: string | null | undefined;
  large?: boolean;
  lazy?: boolean;
  testId?: string;
}

/** A shop's round logo (or the shop icon when it has none): the order page, the admin's shop list and form. */
export function ShopLogo({ src, large = false, lazy = false, testId }: ShopLogoProps) {
  const size = large ? 72 : 48;
  return (
    <span className={`shop-logo${large ? " shop-logo--large" : ""}`}>
      {src ? <img src={src} alt="" width={size} height={size} loading={lazy ? "lazy" : undefined} data-testid={testId} /> : <StoreIcon />}
    </span>
  );
}

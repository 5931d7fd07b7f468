import type { ComponentProps } from "react";
import { lazyModule } from "../../../lib/lazyModule";
import type { ShopsHoldingModal } from "./ShopsHoldingModal";
import type { StorePicker } from "./StorePicker";

/** The store picker and the shops-holding list: a lazy chunk, fetched when idle or when a card first opens one. */
const shopDialogs = lazyModule(() => import("./shopDialogs"));

/** The store picker (StorePicker.tsx), once its chunk is there. */
export function LazyStorePicker(props: ComponentProps<typeof StorePicker>) {
  const module = shopDialogs.use(props.active);
  return module ? <module.StorePicker {...props} /> : null;
}

/** The shops holding an option (ShopsHoldingModal.tsx), once its chunk is there. */
export function LazyShopsHoldingModal(props: ComponentProps<typeof ShopsHoldingModal>) {
  const module = shopDialogs.use(props.active);
  return module ? <module.ShopsHoldingModal {...props} /> : null;
}

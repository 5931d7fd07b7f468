/** A card's shop dialogs: one lazy chunk (lib/lazyModule.ts), mounted by LazyShopDialogs.tsx once it is there. */
export { ShopsHoldingModal } from "./ShopsHoldingModal";
export { StorePicker } from "./StorePicker";

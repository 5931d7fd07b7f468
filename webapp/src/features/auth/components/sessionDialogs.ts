/**
 * The session's dialogs and the balance chip's menu: one lazy chunk (lib/lazyModule.ts), which the shell's slots
 * (SessionModals.tsx, BalanceChip.tsx) mount once it has arrived. A first visit to home needs none of them at once.
 */
export { AgeGate } from "./AgeGate";
export { BalanceMenu } from "./BalanceMenu";
export { LoginModal } from "./LoginModal";
export { LogoutConfirm } from "./LogoutConfirm";

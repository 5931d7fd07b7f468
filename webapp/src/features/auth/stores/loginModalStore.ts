import { create } from "zustand";

/**
 * The e-mail login modal (spec §4 Login). Its step and e-mail outlive a close, so a customer who taps
 * outside by mistake comes back to the code screen; a successful sign-in resets everything.
 */
type LoginStep = "email" | "code";

interface LoginModalState {
  open: boolean;
  step: LoginStep;
  email: string;
  /** Where to go once signed in: the page whose tap asked for the login, if any. */
  next: string | null;
}

const INITIAL: LoginModalState = { open: false, step: "email", email: "", next: null };

export const useLoginModalStore = create<LoginModalState>()(() => INITIAL);

export function openLoginModal(next: string | null = null): void {
  useLoginModalStore.setState({ open: true, next });
}

export function closeLoginModal(): void {
  useLoginModalStore.setState({ open: false, next: null });
}

export function showCodeStep(email: string): void {
  useLoginModalStore.setState({ step: "code", email });
}

export function showEmailStep(): void {
  useLoginModalStore.setState({ step: "email" });
}

export function resetLoginModal(): void {
  useLoginModalStore.setState(INITIAL);
}

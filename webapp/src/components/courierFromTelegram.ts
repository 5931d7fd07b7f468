/**
 * The courier form's Telegram buttons ('Share my phone from Telegram', 'Use my location', issue 26) live in
 * features/courier, which calls the API; a shared component imports no feature, so the start (main.tsx) hands
 * CourierDetails the loader of their chunk, inside Telegram only. Without one, the form is typed as ever.
 */
import { lazy, type ComponentType, type Dispatch, type SetStateAction } from "react";

export type FromTelegramProps =
  | { onPhone: (phone: string) => void }
  | { setAddress: Dispatch<SetStateAction<string>>; setLink: (link: string) => void };

type Loader = () => Promise<{ default: ComponentType<FromTelegramProps> }>;

let loader: Loader | null = null;

export function provideCourierFromTelegram(load: Loader): void {
  loader = load;
}

export function hasCourierFromTelegram(): boolean {
  return loader !== null;
}

/** The buttons, loaded on first render (nothing when no loader was given). */
export const FromTelegram = lazy<ComponentType<FromTelegramProps>>(() => (loader ? loader() : Promise.resolve({ default: () => null })));

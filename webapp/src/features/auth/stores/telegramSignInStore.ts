import { create } from "zustand";
import { isInsideTelegram } from "../../../lib/telegram";

/**
 * Inside Telegram the launch data says who is using the app, whatever token an earlier session left behind:
 * until that sign-in has answered, a stored token is not re-checked (its answer could overwrite the new one).
 */
interface TelegramSignInState {
  signingIn: boolean;
}

export const useTelegramSignInStore = create<TelegramSignInState>()(() => ({ signingIn: isInsideTelegram() }));

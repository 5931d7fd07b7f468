/**
 * Telegram's SecondaryButton (Bot API 7.10): the second button of the bar under the mini-app, beside the
 * MainButton, for a screen's second action (the product page's 'Cart' beside 'Add to order'). Built on
 * lib/telegram.ts; nothing in a browser or an older client, where the page's own controls do it. Screens in the
 * customer's entry import this file with `import()` from an effect, so it costs the entry nothing.
 */
import { isInsideTelegram, versionAtLeast, withSdk } from "./telegram";

const V_SECONDARY_BUTTON = "7.10";

export interface SecondaryButtonState {
  text: string;
  /** Where it stands next to the MainButton; beside it on the left by default. */
  position?: "left" | "right" | "top" | "bottom";
}

export function hasSecondaryButton(): boolean {
  return isInsideTelegram() && versionAtLeast(V_SECONDARY_BUTTON);
}

/**
 * Shows the SecondaryButton with `onPress` as its action; the returned function takes the action away and hides
 * it (call it when leaving the screen). Call again with a new state whenever it changes.
 */
export function showSecondaryButton(state: SecondaryButtonState, onPress: () => void): () => void {
  if (!hasSecondaryButton()) return () => undefined;
  let shown = true;
  withSdk((sdk) => {
    if (!shown) return;
    sdk.SecondaryButton.setParams({ text: state.text, position: state.position ?? "left", is_active: true, is_visible: true });
    sdk.SecondaryButton.onClick(onPress);
  });
  return () => {
    if (!shown) return;
    shown = false;
    withSdk((sdk) => {
      sdk.SecondaryButton.offClick(onPress);
      sdk.SecondaryButton.hide();
    });
  };
}

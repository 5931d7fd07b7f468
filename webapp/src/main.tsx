// The shared blocks first: every other stylesheet refines them (components/blocks.css).
import "./components/blocks.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { provideCourierFromTelegram } from "./components/courierFromTelegram";
import { provideSavedCartCheck } from "./features/cart/savedCart";
import { useCartStore } from "./features/cart/stores/cartStore";
import { useChosenShopStore } from "./features/shops/stores/chosenShopStore";
import { startLocale, useLocaleStore } from "./lib/i18n";
import { isInsideTelegram, startTelegram } from "./lib/telegram";

// The home page puts its list position back itself; the browser's own restoration would fight it.
window.history.scrollRestoration = "manual";
// Telegram's colours before the first render (their mapping is a small chunk, Telegram only); the SDK itself
// arrives in parallel.
const themed = startTelegram();
// What the keyboard leaves of the screen, for overlays and focused fields (none on the first screen): a small chunk
// fetched beside the start's messages.
void import("./lib/viewport").then((viewport) => viewport.startViewport());
// Inside Telegram the cart follows the person across devices (a chunk of its own, given the stores: one that
// imported them would split the entry, docs/webapp.md "Chunks"; a browser never loads it). The cart page reads
// the saved cart again through it.
if (isInsideTelegram()) {
  const cloudCart = import("./app/cloudCartSync");
  void cloudCart.then((sync) => sync.startCloudCart(useCartStore, useChosenShopStore));
  provideSavedCartCheck((waitMs) => cloudCart.then((sync) => sync.readSavedCartAgain(waitMs)));
}
// The courier form's Telegram buttons: a feature's chunk the shared form is handed (components import no feature).
if (isInsideTelegram()) provideCourierFromTelegram(() => import("./features/courier/components/CourierFromTelegram"));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** The whole app, drawn again from scratch in a newly chosen language (screens keep their place: the URL). */
function Root() {
  const locale = useLocaleStore((s) => s.locale);
  return <App key={locale} />;
}

// The language's messages first (one small chunk, fetched beside the rest of the start), and inside Telegram its
// colours.
void Promise.all([startLocale(), themed]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);

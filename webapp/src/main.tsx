// The shared blocks first: every other stylesheet refines them (components/blocks.css).
import "./components/blocks.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { startLocale, useLocaleStore } from "./lib/i18n";
import { startTelegram } from "./lib/telegram";
import { startViewport } from "./lib/viewport";

// The home page puts its list position back itself; the browser's own restoration would fight it.
window.history.scrollRestoration = "manual";
// Telegram's colours before the first paint; the SDK itself arrives in parallel (Telegram only).
startTelegram();
startViewport();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** The whole app, drawn again from scratch in a newly chosen language (screens keep their place: the URL). */
function Root() {
  const locale = useLocaleStore((s) => s.locale);
  return <App key={locale} />;
}

// The language's messages first (one small chunk, fetched beside the rest of the start).
void startLocale().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);

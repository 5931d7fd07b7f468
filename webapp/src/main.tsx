// The shared blocks first: every other stylesheet refines them (components/blocks.css).
import "./components/blocks.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { startTelegram } from "./lib/telegram";
import { startViewport } from "./lib/viewport";

// The home page puts its list position back itself; the browser's own restoration would fight it.
window.history.scrollRestoration = "manual";
// Telegram's colours before the first paint; the SDK itself arrives in parallel (Telegram only).
startTelegram();
startViewport();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

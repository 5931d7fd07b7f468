import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { startTelegram } from "./lib/telegram";

// The home page puts its list position back itself; the browser's own restoration would fight it.
window.history.scrollRestoration = "manual";
startTelegram();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

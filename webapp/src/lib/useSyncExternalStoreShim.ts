/**
 * What `use-sync-external-store/shim` gives React 17 and older, React's own hook: wouter imports the shim, and
 * with React 19 the shim's code is dead weight in the entry (webapp/vite.config.ts aliases it here).
 */
export { useSyncExternalStore } from "react";

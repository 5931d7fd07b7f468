import { useLoadingOverlayStore } from "./loadingOverlayStore";
import "./LoadingOverlay.css";

export function LoadingOverlay() {
  const active = useLoadingOverlayStore((state) => state.pending > 0);
  if (!active) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label="Loading" data-testid="loading-overlay">
      <span className="spinner" />
    </div>
  );
}

import { useRef, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./moreIcons";
import { useOverlayOpen } from "./useOverlayOpen";
import "./BottomSheet.css";
import { t } from "../lib/i18n";

interface BottomSheetProps {
  /** Slid up while true; slid away (but still mounted, so it can animate out) while false. */
  visible: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * A panel rising from the bottom of the screen; the backdrop, the close button and Escape close it. While it is
 * up the keyboard stays inside it (components/useOverlayOpen.ts).
 */
export function BottomSheet({ visible, onClose, title, subtitle, children, testId }: BottomSheetProps) {
  const panel = useRef<HTMLDivElement>(null);
  useOverlayOpen(visible, onClose, panel);

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className="sheet" data-visible={visible || undefined} onClick={onBackdrop} aria-hidden={!visible}>
      <div
        ref={panel}
        className="sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid={testId}
        inert={!visible}
      >
        <span className="sheet__grip" aria-hidden="true" />
        <div className="sheet__head">
          <div className="sheet__titles">
            <h2 className="sheet__title">{title}</h2>
            {subtitle && <div className="sheet__subtitle">{subtitle}</div>}
          </div>
          <button type="button" className="sheet__close" aria-label={t("ui.close")} onClick={onClose} data-testid="sheet-close">
            <CloseIcon />
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

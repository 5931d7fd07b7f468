import { useRef, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./moreIcons";
import { useOverlayOpen } from "./useOverlayOpen";
import "./Modal.css";
import { t } from "../lib/i18n";

interface ModalProps {
  /** Shown only while true (spec §2 "Reusable modal"). */
  active: boolean;
  /** Without it the modal has no close icon and neither the backdrop nor Escape closes it: it must be answered. */
  onClose?: () => void;
  title?: string;
  children: ReactNode;
  /** Extra class on the content box, e.g. for a wide image viewer. */
  className?: string;
}

/**
 * The backdrop, the close icon and Escape close it; clicks inside the content do not. While it is open the
 * keyboard stays inside it (components/useOverlayOpen.ts): a control with `autoFocus` or its first field has focus.
 */
export function Modal({ active, onClose, title, children, className }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useOverlayOpen(active, onClose, dialog);

  if (!active) return null;

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose?.();
  };

  return createPortal(
    <div className="modal" onClick={onBackdrop} data-testid="modal-backdrop">
      <div
        ref={dialog}
        className={className ? `modal__content ${className}` : "modal__content"}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid="modal"
      >
        {onClose && (
          <button type="button" className="modal__close" aria-label={t("ui.close")} onClick={onClose}>
            <CloseIcon />
          </button>
        )}
        {title && <h2 className="modal__title">{title}</h2>}
        {children}
      </div>
    </div>,
    document.body,
  );
}

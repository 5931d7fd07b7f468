import type { MouseEvent, ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import { useOverlayOpen } from "./useOverlayOpen";
import "./Modal.css";
import { t } from "../lib/i18n";

interface ModalProps {
  /** Shown only while true (spec §2 "Reusable modal"). */
  active: boolean;
  onClose: () => void;
  title?: string;
  children: ReactNode;
  /** Extra class on the content box, e.g. for a wide image viewer. */
  className?: string;
}

/** The backdrop and the close icon close it; clicks inside the content do not. */
export function Modal({ active, onClose, title, children, className }: ModalProps) {
  useOverlayOpen(active, onClose);

  if (!active) return null;

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className="modal" onClick={onBackdrop} data-testid="modal-backdrop">
      <div
        className={className ? `modal__content ${className}` : "modal__content"}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="modal"
      >
        <button type="button" className="modal__close" aria-label={t("ui.close")} onClick={onClose}>
          <CloseIcon />
        </button>
        {title && <h2 className="modal__title">{title}</h2>}
        {children}
      </div>
    </div>,
    document.body,
  );
}

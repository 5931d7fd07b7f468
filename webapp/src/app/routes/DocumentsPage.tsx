import { useState } from "react";
import { Modal } from "../../components/Modal";
import { LICENCE_IMAGE_PATH } from "../../lib/paths";
import { STORE_NAME } from "../../lib/brand";
import "./pages.css";

export function DocumentsPage() {
  const [zoomed, setZoomed] = useState(false);
  return (
    <section className="page documents">
      <h1 className="page__title">Licence</h1>
      <p className="documents__intro">
        {STORE_NAME} sells under the licence below. Tap the document to see it full size.
      </p>
      <button type="button" className="documents__frame card" onClick={() => setZoomed(true)} aria-label="Open the licence full size">
        <img src={LICENCE_IMAGE_PATH} alt="Store licence" className="documents__image" data-testid="licence-image" />
      </button>
      <Modal active={zoomed} onClose={() => setZoomed(false)} title="Licence" className="modal__content--wide">
        <img src={LICENCE_IMAGE_PATH} alt="Store licence, full size" className="documents__image" />
      </Modal>
    </section>
  );
}

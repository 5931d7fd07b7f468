import { useState } from "react";
import { Modal } from "../../components/Modal";
import { t } from "../../lib/i18n";
import { LICENCE_IMAGE_PATH } from "../../lib/paths";
import { STORE_NAME } from "../../lib/brand";
import "./pages.css";

/** The licence (spec §2 "/documents"), in the account screens' chunk (refstatScreens.ts). */
export function DocumentsPage() {
  const [zoomed, setZoomed] = useState(false);
  return (
    <section className="page documents">
      <h1 className="page__title">{t("documents.title")}</h1>
      <p className="documents__intro">{t("documents.intro", { store: STORE_NAME })}</p>
      <button type="button" className="documents__frame card" onClick={() => setZoomed(true)} aria-label={t("documents.open")}>
        <img src={LICENCE_IMAGE_PATH} alt={t("documents.alt")} className="documents__image" data-testid="licence-image" />
      </button>
      <Modal active={zoomed} onClose={() => setZoomed(false)} title={t("documents.title")} className="modal__content--wide">
        <img src={LICENCE_IMAGE_PATH} alt={t("documents.altFull")} className="documents__image" />
      </Modal>
    </section>
  );
}

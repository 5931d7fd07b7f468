import { lazy, Suspense } from "react";
import { CopyIcon } from "../../../components/moreIcons";
import { notify } from "../../../components/notificationStore";
import "./orders.css";
import { t } from "../../../lib/i18n";

/** The QR encoder is needed on this page only: it loads with it, not with the store. */
const QrCode = lazy(() => import("../../../components/QrCode").then((module) => ({ default: module.QrCode })));

/**
 * The pickup QR (issue 5): a signed link to the shop staff's hand-over page for this order. The staff scan it;
 * the customer can also copy the link and send it.
 */
export function PickupPass({ managePath }: { managePath: string }) {
  const link = `${window.location.origin}${managePath}`;
  const copy = () => {
    // No clipboard outside secure pages (plain http on a LAN address).
    (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
      () => notify(t("order.linkCopied"), "S"),
      () => notify(t("ui.failedToCopy"), "W"),
    );
  };
  return (
    <div className="pickup-pass" data-testid="pickup-pass" data-link={link}>
      <div className="pickup-pass__code">
        <Suspense fallback={<span className="pickup-pass__placeholder" aria-hidden="true" />}>
          <QrCode text={link} label={t("order.passLabel")} />
        </Suspense>
      </div>
      <p className="pickup-pass__hint">{t("order.passHint")}</p>
      <button type="button" className="button button--ghost pickup-pass__copy" onClick={copy} data-testid="copy-order-link">
        <CopyIcon />
        {t("order.copyLink")}
      </button>
    </div>
  );
}

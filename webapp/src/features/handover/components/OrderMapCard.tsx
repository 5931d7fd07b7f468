import { useState, type FormEvent } from "react";
import type { StaffOrder } from "@domain/contracts/staff";
import { isMapEmbedUrl } from "@domain/maps";
import { notify } from "../../../components/notificationStore";
import { OrderMap } from "../../../components/OrderMap";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { useAttachMap } from "../api/useAttachMap";
import "./handover.css";

const EXAMPLE = '<iframe src="https://www.google.com/maps/embed?pb=…"></iframe>';

/**
 * The order's map (spec §5 "Order map"): the attached one, and while the order is on the counter a field for the
 * iframe code Google Maps gives under Share → Embed a map. The server keeps only the embed address.
 */
export function OrderMapCard({ order }: { order: StaffOrder }) {
  const [code, setCode] = useState("");
  const attach = useAttachMap();
  const hasMap = isMapEmbedUrl(order.map_html);
  if (!hasMap && !order.actions.map) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "" || attach.isPending) return;
    attach.mutate(
      { id: order.id, code },
      {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.map.attached"), "S");
          setCode("");
        },
        onError: () => haptic("error"),
      },
    );
  };

  return (
    <div className="handover-card card" data-testid="handover-map">
      {hasMap ? <OrderMap src={order.map_html} title={t("staff.map.title")} /> : <h2 className="section-title">{t("staff.map.title")}</h2>}
      {!hasMap && <p className="handover-card__hint">{t("staff.map.none")}</p>}
      {order.actions.map && (
        <form className="handover-form" onSubmit={onSubmit}>
          <label className="field">
            <span className="field__label">{hasMap ? t("staff.map.replaceLabel") : t("staff.map.pasteLabel")}</span>
            <textarea
              className="field__input handover-form__code"
              rows={3}
              placeholder={EXAMPLE}
              spellCheck={false}
              autoCapitalize="none"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              data-testid="map-code"
            />
          </label>
          <button type="submit" className="button button--ghost" disabled={code.trim() === "" || attach.isPending} data-testid="attach-map">
            {attach.isPending && <span className="button__spinner" aria-hidden="true" />}
            {hasMap ? t("staff.map.replace") : t("staff.map.attach")}
          </button>
        </form>
      )}
    </div>
  );
}

import { useId, useState } from "react";
import type { BroadcastSegment } from "@domain/contracts/broadcasts";
import { BROADCAST_TEXT_MAX, type SegmentType } from "@domain/broadcasts";
import { notify } from "../../../components/notificationStore";
import { t, type MessageId } from "../../../lib/i18n";
import { showConfirm } from "../../../lib/telegram";
import type { AdminShop } from "@domain/contracts/adminShops";
import { useBroadcastAction } from "./api/useBroadcastAction";
import { useBroadcastStatus } from "./api/useBroadcastStatus";
import { useCreateBroadcast, type BroadcastInput } from "./api/useCreateBroadcast";
import { useRecipients } from "./api/useRecipients";
import "./broadcasts.css";

const SEGMENTS: readonly { type: SegmentType; label: MessageId }[] = [
  { type: "all", label: "staff.broadcast.segment.all" },
  { type: "shop", label: "staff.broadcast.segment.shop" },
  { type: "ordered_within", label: "staff.broadcast.segment.orderedWithin" },
  { type: "not_ordered_within", label: "staff.broadcast.segment.notOrderedWithin" },
  { type: "bought", label: "staff.broadcast.segment.bought" },
];

/** The segment as the API takes it, or null while a field its type needs is empty. */
function segmentOf(type: SegmentType, shopId: string, days: string, productId: string, locale: string): BroadcastSegment | null {
  const language = locale === "" ? {} : { locale: locale as "en" | "ru" | "th" };
  const whole = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
  switch (type) {
    case "all":
      return { type, ...language };
    case "shop":
      return whole(shopId) === null ? null : { type, shop_id: whole(shopId)!, ...language };
    case "ordered_within":
    case "not_ordered_within":
      return whole(days) === null ? null : { type, days: whole(days)!, ...language };
    case "bought":
      return whole(productId) === null ? null : { type, product_id: whole(productId)!, ...language };
  }
}

/** /admin/broadcasts: compose, choose who gets it, see how many, test, send, and follow its progress. */
/** `shops`: every shop as the admin list has them (the route reads them), for the "customers of a shop" segment. */
export function BroadcastScreen({ shops }: { shops: readonly AdminShop[] | undefined }) {
  const id = useId();
  const [text, setText] = useState("");
  const [photoUrl, setPhotoUrl] = useState("");
  const [withButton, setWithButton] = useState(true);
  const [buttonText, setButtonText] = useState("");
  const [buttonPath, setButtonPath] = useState("/");
  const [type, setType] = useState<SegmentType>("all");
  const [shopId, setShopId] = useState("");
  const [days, setDays] = useState("30");
  const [productId, setProductId] = useState("");
  const [locale, setLocale] = useState("");
  /** The draft of what is on screen; any edit makes the next test or send a new draft. */
  const [draft, setDraft] = useState<{ id: number; key: string } | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);

  const segment = segmentOf(type, shopId, days, productId, locale);
  const recipients = useRecipients(segment);
  const create = useCreateBroadcast();
  const action = useBroadcastAction();
  const status = useBroadcastStatus(sentId);

  const input: BroadcastInput | null =
    segment === null
      ? null
      : {
          text,
          segment,
          ...(photoUrl.trim() ? { photo_url: photoUrl.trim() } : {}),
          ...(withButton ? { button: { text: buttonText || t("staff.broadcast.openStore"), path: buttonPath } } : {}),
        };
  const key = JSON.stringify(input);
  const count = recipients.data ?? 0;
  const busy = create.isPending || action.isPending;
  const canSend = input !== null && text.trim() !== "" && count > 0 && !busy;

  async function draftId(): Promise<number> {
    if (draft && draft.key === key) return draft.id;
    const made = await create.mutateAsync(input!);
    setDraft({ id: made.id, key });
    return made.id;
  }
  async function onTest() {
    await action.mutateAsync({ id: await draftId(), action: "test" });
    notify(t("staff.broadcast.testSent"), "S");
  }
  async function onSend() {
    // A broadcast cannot be called back once it goes out: one tap must not send it to everyone.
    if (!(await showConfirm(t("staff.broadcast.sendQuestion", { count })))) return;
    const broadcastId = await draftId();
    await action.mutateAsync({ id: broadcastId, action: "send" });
    setSentId(broadcastId);
    setDraft(null);
  }
  const control = async (what: "send" | "pause" | "cancel") => {
    await action.mutateAsync({ id: sentId!, action: what });
    await status.refetch();
  };

  const progress = status.data;
  const minutes = progress ? Math.floor(progress.seconds_left / 60) : 0;
  const seconds = progress ? progress.seconds_left % 60 : 0;
  return (
    <section className="page broadcast">
      <h1 className="page__title">{t("staff.broadcast.title")}</h1>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {t("staff.broadcast.text")}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input broadcast__text"
          value={text}
          maxLength={BROADCAST_TEXT_MAX}
          rows={6}
          onChange={(event) => setText(event.target.value)}
          data-testid="broadcast-text"
        />
      </div>
      <input
        className="field__input"
        type="url"
        aria-label={t("staff.broadcast.picture")}
        placeholder={t("staff.broadcast.picture")}
        value={photoUrl}
        maxLength={500}
        onChange={(event) => setPhotoUrl(event.target.value)}
      />
      <label className="broadcast__check">
        <input type="checkbox" checked={withButton} onChange={(event) => setWithButton(event.target.checked)} />
        {t("staff.broadcast.withButton")}
      </label>
      {withButton && (
        <div className="broadcast__row">
          <input
            className="field__input"
            aria-label={t("staff.broadcast.buttonText")}
            placeholder={t("staff.broadcast.openStore")}
            value={buttonText}
            maxLength={64}
            onChange={(event) => setButtonText(event.target.value)}
          />
          <input
            className="field__input"
            aria-label={t("staff.broadcast.buttonPath")}
            title={t("staff.broadcast.buttonPathHint")}
            value={buttonPath}
            maxLength={40}
            onChange={(event) => setButtonPath(event.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-segment`}>
          {t("staff.broadcast.who")}
        </label>
        <select
          id={`${id}-segment`}
          className="field__input"
          value={type}
          onChange={(event) => setType(event.target.value as SegmentType)}
          data-testid="broadcast-segment"
        >
          {SEGMENTS.map((choice) => (
            <option key={choice.type} value={choice.type}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </div>
      {type === "shop" && (
        <select
          className="field__input"
          aria-label={t("staff.broadcast.segment.shop")}
          value={shopId}
          onChange={(event) => setShopId(event.target.value)}
        >
          <option value="">—</option>
          {(shops ?? [])
            .filter((shop) => !shop.is_warehouse && !shop.is_deleted)
            .map((shop) => (
              <option key={shop.id} value={String(shop.id)}>
                {shop.name}
              </option>
            ))}
        </select>
      )}
      {(type === "ordered_within" || type === "not_ordered_within") && (
        <input
          className="field__input"
          type="number"
          min={1}
          max={3650}
          aria-label={t("staff.broadcast.days")}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      )}
      {type === "bought" && (
        <input
          className="field__input"
          type="number"
          min={1}
          aria-label={t("staff.broadcast.productId")}
          placeholder={t("staff.broadcast.productId")}
          value={productId}
          onChange={(event) => setProductId(event.target.value)}
        />
      )}
      <select
        className="field__input"
        aria-label={t("staff.broadcast.language")}
        value={locale}
        onChange={(event) => setLocale(event.target.value)}
      >
        <option value="">{t("staff.broadcast.anyLanguage")}</option>
        <option value="en">English</option>
        <option value="ru">Русский</option>
        <option value="th">ไทย</option>
      </select>
      <p className="broadcast__count" data-testid="broadcast-recipients">
        {t("staff.broadcast.recipients", { count })}
      </p>
      <div className="broadcast__row">
        <button
          type="button"
          className="button button--ghost"
          disabled={input === null || text.trim() === "" || busy}
          onClick={() => void onTest()}
        >
          {t("staff.broadcast.test")}
        </button>
        <button type="button" className="button" disabled={!canSend} onClick={() => void onSend()} data-testid="broadcast-send">
          {t("staff.broadcast.send", { count })}
        </button>
      </div>
      {progress && (
        <div className="card broadcast__progress" data-testid="broadcast-progress">
          <p>{t(`staff.broadcast.status.${progress.status}`)}</p>
          <ul>
            <li>{t("staff.broadcast.sent", { count: progress.sent })}</li>
            <li>{t("staff.broadcast.failed", { count: progress.failed })}</li>
            <li>{t("staff.broadcast.blocked", { count: progress.blocked })}</li>
            <li>{t("staff.broadcast.optedOut", { count: progress.opted_out })}</li>
            <li>{t("staff.broadcast.left", { count: progress.left })}</li>
            {progress.status === "sending" && <li>{t("staff.broadcast.timeLeft", { minutes, seconds })}</li>}
          </ul>
          <div className="broadcast__row">
            {progress.status === "sending" && (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => void control("pause")}>
                {t("staff.broadcast.pause")}
              </button>
            )}
            {progress.status === "paused" && (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => void control("send")}>
                {t("staff.broadcast.resume")}
              </button>
            )}
            {(progress.status === "sending" || progress.status === "paused") && (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => void control("cancel")}>
                {t("staff.broadcast.cancel")}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

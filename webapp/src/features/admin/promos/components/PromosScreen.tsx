import { useState, type FormEvent } from "react";
import type { Promo, PromoBody } from "@domain/contracts/promos";
import { formatBaht, ISLAND_UTC_OFFSET_MS } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { LoadMore } from "../../../../components/LoadMore";
import { t } from "../../../../lib/i18n";
import { useCreatePromo } from "../api/useCreatePromo";
import { useDisablePromo } from "../api/useDisablePromo";
import { useEditPromo } from "../api/useEditPromo";
import { useEnablePromo } from "../api/useEnablePromo";
import { usePromos } from "../api/usePromos";
import "./promos.css";

interface ShopChoice {
  id: number;
  name: string;
}

/** The form's fields as typed: times are the island's wall clock (UTC+7), as `datetime-local` gives them. */
interface Draft {
  code: string;
  kind: "percent" | "amount";
  value: string;
  min_total: string;
  valid_from: string;
  valid_to: string;
  max_uses: string;
  once_per_customer: boolean;
  first_order_only: boolean;
  shop_ids: number[];
}

const EMPTY: Draft = {
  code: "",
  kind: "percent",
  value: "",
  min_total: "",
  valid_from: "",
  valid_to: "",
  max_uses: "",
  once_per_customer: false,
  first_order_only: false,
  shop_ids: [],
};

/** "2026-12-01T00:00" on the island ↔ an ISO instant with its offset. */
const islandInput = (iso: string | null) => (iso ? new Date(Date.parse(iso) + ISLAND_UTC_OFFSET_MS).toISOString().slice(0, 16) : "");
const islandInstant = (local: string) => (local === "" ? null : `${local}:00+07:00`);
const wholeOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

function draftOf(promo: Promo): Draft {
  return {
    code: promo.code,
    kind: promo.percent !== null ? "percent" : "amount",
    value: String(promo.percent ?? promo.amount ?? ""),
    min_total: promo.min_total > 0 ? String(promo.min_total) : "",
    valid_from: islandInput(promo.valid_from),
    valid_to: islandInput(promo.valid_to),
    max_uses: promo.max_uses === null ? "" : String(promo.max_uses),
    once_per_customer: promo.once_per_customer,
    first_order_only: promo.first_order_only,
    shop_ids: promo.shop_ids,
  };
}

function bodyOf(draft: Draft): PromoBody {
  const value = wholeOrNull(draft.value);
  return {
    code: draft.code,
    percent: draft.kind === "percent" ? value : null,
    amount: draft.kind === "amount" ? value : null,
    min_total: wholeOrNull(draft.min_total),
    valid_from: islandInstant(draft.valid_from),
    valid_to: islandInstant(draft.valid_to),
    max_uses: wholeOrNull(draft.max_uses),
    once_per_customer: draft.once_per_customer,
    first_order_only: draft.first_order_only,
    shop_ids: draft.shop_ids,
  };
}

/** /admin/promos (issue 25): the codes with their uses, orders and revenue; create, edit, disable. */
export function PromosScreen({ shops }: { shops: ShopChoice[] }) {
  const promos = usePromos();
  const listed = promos.data?.pages.flatMap((page) => page.promos);
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const disable = useDisablePromo();
  const enable = useEnablePromo();
  return (
    <section className="page promos-page">
      <h1 className="page__title">{t("staff.promos.title")}</h1>
      {editing ? (
        <PromoForm
          id={editing.id}
          initial={editing.draft}
          shops={shops}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setEditing({ id: null, draft: EMPTY })} data-testid="promo-new">
          {t("staff.promos.new")}
        </button>
      )}
      {listed?.length === 0 && <p className="promos-page__empty">{t("staff.promos.none")}</p>}
      <ul className="promo-list" data-testid="promo-list">
        {listed?.map((promo) => (
          <li key={promo.id} className={`promo-card card ${promo.is_disabled ? "promo-card--off" : ""}`} data-testid="promo-card">
            <div className="promo-card__head">
              <strong className="promo-card__code">{promo.code}</strong>
              <span className="pill">
                {promo.percent !== null ? `−${promo.percent}%` : `−${formatBaht(promo.amount ?? 0)}`}
              </span>
              {promo.is_disabled && <span className="pill">{t("staff.promos.disabled")}</span>}
            </div>
            <dl className="promo-card__facts">
              <dt>{t("staff.promos.uses")}</dt>
              <dd data-testid="promo-uses">{promo.max_uses === null ? promo.uses : `${promo.uses} / ${promo.max_uses}`}</dd>
              <dt>{t("staff.promos.orders")}</dt>
              <dd>{promo.completed_orders}</dd>
              <dt>{t("staff.promos.revenue")}</dt>
              <dd data-testid="promo-revenue">{formatBaht(promo.revenue)}</dd>
              {promo.min_total > 0 && (
                <>
                  <dt>{t("staff.promos.minTotal")}</dt>
                  <dd>{formatBaht(promo.min_total)}</dd>
                </>
              )}
              {(promo.valid_from || promo.valid_to) && (
                <>
                  <dt>{t("staff.promos.window")}</dt>
                  <dd>
                    {promo.valid_from ? formatOrderDate(promo.valid_from, true) : "…"} –{" "}
                    {promo.valid_to ? formatOrderDate(promo.valid_to, true) : "…"}
                  </dd>
                </>
              )}
              <dt>{t("staff.promos.shops")}</dt>
              <dd>
                {promo.shop_ids.length === 0
                  ? t("staff.promos.everyShop")
                  : promo.shop_ids.map((id) => shops.find((s) => s.id === id)?.name ?? `#${id}`).join(", ")}
              </dd>
            </dl>
            <div className="promo-card__actions">
              <button type="button" className="button button--ghost" onClick={() => setEditing({ id: promo.id, draft: draftOf(promo) })}>
                {t("staff.promos.edit")}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={disable.isPending || enable.isPending}
                onClick={() => (promo.is_disabled ? enable : disable).mutate(promo.id)}
                data-testid="promo-toggle"
              >
                {promo.is_disabled ? t("staff.promos.enable") : t("staff.promos.disable")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={promos.hasNextPage}
        loading={promos.isFetchingNextPage}
        failed={promos.isFetchNextPageError}
        onMore={() => void promos.fetchNextPage()}
      />
    </section>
  );
}

function PromoForm({ id, initial, shops, onDone }: { id: number | null; initial: Draft; shops: ShopChoice[]; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const create = useCreatePromo();
  const edit = useEditPromo();
  const save = id === null ? create : edit;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (id === null) create.mutate(bodyOf(draft), { onSuccess: onDone });
    else edit.mutate({ id, body: bodyOf(draft) }, { onSuccess: onDone });
  };
  const toggleShop = (shopId: number) =>
    set("shop_ids", draft.shop_ids.includes(shopId) ? draft.shop_ids.filter((s) => s !== shopId) : [...draft.shop_ids, shopId]);
  return (
    <form className="promo-form card" onSubmit={submit} data-testid="promo-form">
      <label className="field">
        <span className="field__label">{t("staff.promos.code")}</span>
        <input className="field__input" value={draft.code} maxLength={20} onChange={(e) => set("code", e.target.value)} required />
      </label>
      <div className="promo-form__row">
        <label className="field">
          <span className="field__label">{t("staff.promos.kind")}</span>
          <select className="field__input" value={draft.kind} onChange={(e) => set("kind", e.target.value as Draft["kind"])}>
            <option value="percent">{t("staff.promos.kindPercent")}</option>
            <option value="amount">{t("staff.promos.kindAmount")}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{draft.kind === "percent" ? t("staff.promos.percent") : t("staff.promos.amount")}</span>
          <input className="field__input" inputMode="numeric" value={draft.value} onChange={(e) => set("value", e.target.value)} required />
        </label>
      </div>
      <div className="promo-form__row">
        <label className="field">
          <span className="field__label">{t("staff.promos.minTotal")}</span>
          <input
            className="field__input"
            inputMode="numeric"
            value={draft.min_total}
            onChange={(e) => set("min_total", e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t("staff.promos.maxUses")}</span>
          <input className="field__input" inputMode="numeric" value={draft.max_uses} onChange={(e) => set("max_uses", e.target.value)} />
        </label>
      </div>
      <div className="promo-form__row">
        <label className="field">
          <span className="field__label">{t("staff.promos.from")}</span>
          <input
            className="field__input"
            type="datetime-local"
            value={draft.valid_from}
            onChange={(e) => set("valid_from", e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t("staff.promos.to")}</span>
          <input
            className="field__input"
            type="datetime-local"
            value={draft.valid_to}
            onChange={(e) => set("valid_to", e.target.value)}
          />
        </label>
      </div>
      <p className="promo-form__hint">{t("staff.promos.islandTime")}</p>
      <label className="promo-form__check">
        <input type="checkbox" checked={draft.once_per_customer} onChange={(e) => set("once_per_customer", e.target.checked)} />
        {t("staff.promos.oncePerCustomer")}
      </label>
      <label className="promo-form__check">
        <input type="checkbox" checked={draft.first_order_only} onChange={(e) => set("first_order_only", e.target.checked)} />
        {t("staff.promos.firstOrderOnly")}
      </label>
      <fieldset className="promo-form__shops">
        <legend>{t("staff.promos.shopsHint")}</legend>
        {shops.map((shop) => (
          <label key={shop.id} className="promo-form__check">
            <input type="checkbox" checked={draft.shop_ids.includes(shop.id)} onChange={() => toggleShop(shop.id)} />
            {shop.name}
          </label>
        ))}
      </fieldset>
      {save.error && (
        <p className="promo-form__error" role="alert" data-testid="promo-error">
          {save.error.message}
        </p>
      )}
      <div className="promo-card__actions">
        <button type="submit" className="button" disabled={save.isPending} data-testid="promo-save">
          {save.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.promos.save")}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t("staff.promos.cancel")}
        </button>
      </div>
    </form>
  );
}

/**
 * Paying an order in TON (issue 15): the card an order page with payment 3 shows, a lazy chunk of its own. Of
 * the entry it imports React, the API client and the MainButton of lib/telegram.ts, and it has no CSS file (the
 * entry's classes and a few inline styles): each file of a lazy chunk is a name the entry carries, and the
 * entry must not grow (docs/webapp.md "Chunks": checked by the built index.html naming one script). TON
 * Connect itself (`TonConnectPay`) is a second chunk, fetched when the customer pays. The card never says
 * "Paid" from the wallet's word: only the order, as the page's poll reads it from the server, does.
 */
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from "react";
import type { Order } from "@domain/contracts/orders";
import { formatIslandTime } from "@domain/format";
import { showMainButton } from "../../lib/telegramActions";
import { reportTonSent } from "./api/reportTonSent";
import { useTonQuote } from "./api/useTonQuote";
import { currentLocale, t } from "../../lib/i18n";

const TonConnectPay = lazy(() => import("./TonConnectPay"));


/** A quote this close to its end is asked for again before the wallet gets it. */
const QUOTE_MARGIN_MS = 60_000;
/** A customer who pressed Pay on a page opened elsewhere comes back here after the reload. */
const RESUME_KEY = "ton_pay_order";

/**
 * TON Connect needs the order page's own Content-Security-Policy (connect-src for wallet bridges), which the
 * server sends with an order page's HTML only. A page the app navigated to from elsewhere has the policy of
 * the page it was opened on: it reloads first.
 */
function openedAsOrderPage(): boolean {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return navigation ? /^\/order\/\d+\/?$/.test(new URL(navigation.name).pathname) : true;
}

/** A time on the island's clock ("14:05"), as the order's own times are: a phone set to another zone would say 07:05. */
const time = formatIslandTime;
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

const styles = {
  title: { margin: 0, fontSize: 17, fontWeight: 750 },
  facts: { display: "grid", gap: 8, margin: 0 },
  value: { margin: 0, overflowWrap: "anywhere", fontWeight: 650 },
  amount: { margin: 0, fontSize: 22, fontWeight: 800 },
  note: { margin: 0, color: "var(--hint)", fontSize: 13 },
  problem: { margin: 0, color: "var(--danger-text)" },
  state: { display: "flex", alignItems: "center", gap: 10, margin: 0, fontWeight: 700 },
  paid: { margin: 0, fontWeight: 700, color: "var(--success-text)" },
} satisfies Record<string, CSSProperties>;

export default function TonPay({ order }: { order: Order }) {
  const payment = order.ton_payment;
  if (!payment) return null;
  if (payment.state === "paid") {
    return (
      <div className="order-card card" data-testid="ton-payment" data-state="paid">
        <p style={styles.paid} data-testid="ton-paid">
          {t("status.payment.S")}
        </p>
        <p style={styles.note}>
          {payment.tx_hash ? (
            <>
              {t("ton.transaction")} <span title={payment.tx_hash}>{shortHash(payment.tx_hash)}</span>
            </>
          ) : (
            t("ton.confirmedByShop")
          )}
        </p>
      </div>
    );
  }
  if (!payment.awaiting) return null;
  return <PayCard order={order} />;
}

type Phase = "idle" | "paying" | "sent";

function PayCard({ order }: { order: Order }) {
  const payment = order.ton_payment!;
  const { quote, failure, load: loadQuote } = useTonQuote(order.id);
  // The wallet's refusal; a quote that could not be had is the other problem shown.
  const [declined, setDeclined] = useState<string | null>(null);
  const problem = declined ?? failure;
  const [phase, setPhase] = useState<Phase>("idle");
  const [attempt, setAttempt] = useState(0);
  const waiting = payment.state === "waiting" || phase === "sent";

  const pay = async () => {
    if (phase === "paying") return;
    setDeclined(null);
    if (!openedAsOrderPage()) {
      sessionStorage.setItem(RESUME_KEY, String(order.id));
      window.location.reload();
      return;
    }
    const current = quote && Date.parse(quote.valid_until) - Date.now() > QUOTE_MARGIN_MS ? quote : await loadQuote();
    if (!current) return;
    setAttempt((n) => n + 1);
    setPhase("paying");
  };
  const latestPay = useRef(pay);
  latestPay.current = pay;

  useEffect(() => {
    if (quote && sessionStorage.getItem(RESUME_KEY) === String(order.id)) {
      sessionStorage.removeItem(RESUME_KEY);
      void latestPay.current();
    }
  }, [quote, order.id]);

  const onSent = (boc: string) => {
    setPhase("sent");
    reportTonSent(order.id, boc);
  };
  const onFailed = () => {
    setPhase("idle");
    setDeclined(t("ton.declined"));
  };

  const showButton = !waiting;
  useEffect(
    () =>
      showButton
        ? showMainButton({ text: t("ton.pay"), active: quote !== null && phase === "idle", progress: phase === "paying" }, () =>
            void latestPay.current(),
          )
        : undefined,
    [showButton, quote, phase],
  );

  return (
    <div className="order-card card" data-testid="ton-payment" data-state={waiting ? "waiting" : payment.state}>
      <h2 style={styles.title}>{t("ton.pay")}</h2>
      {waiting ? (
        <>
          <p style={styles.state} role="status" data-testid="ton-waiting">
            <span className="button__spinner" aria-hidden="true" />
            {t("ton.waiting")}
          </p>
          <p style={styles.note}>{t("ton.sentNote")}</p>
        </>
      ) : null}
      {payment.state === "underpaid" && !waiting && (
        <p style={styles.problem} data-testid="ton-underpaid">
          {t("ton.underpaid", { amount: payment.underpaid_ton ?? "" })}
        </p>
      )}
      {quote ? (
        <dl style={styles.facts} data-testid="ton-quote">
          <div>
            <dt className="field__label">{t("ton.amount")}</dt>
            <dd style={styles.amount} data-testid="ton-amount">
              {quote.amount_ton} TON
            </dd>
          </div>
          <div>
            <dt className="field__label">{t("ton.toWallet")}</dt>
            <dd style={styles.value} data-testid="ton-address">
              {quote.address}
            </dd>
          </div>
          <div>
            <dt className="field__label">{t("ton.comment")}</dt>
            <dd style={styles.value} data-testid="ton-comment">
              {quote.comment}
            </dd>
          </div>
        </dl>
      ) : (
        !problem && <span className="placeholder-line" style={{ width: "60%", height: 22 }} aria-hidden="true" />
      )}
      {quote && (
        <p style={styles.note} data-testid="ton-rate-note">
          {t("ton.rateNote", { rate: quote.thb_per_ton, rateTime: time(quote.rate_set_at), until: time(quote.valid_until) })}
        </p>
      )}
      {problem && (
        <p style={styles.problem} role="alert" data-testid="ton-problem">
          {problem}
        </p>
      )}
      {showButton && (
        <button
          type="button"
          className="button"
          onClick={() => void pay()}
          disabled={phase === "paying" || (quote === null && problem === null)}
          data-testid="ton-pay"
        >
          {phase === "paying" && <span className="button__spinner" aria-hidden="true" />}
          {problem ? t("ui.tryAgain") : t("ton.pay")}
        </button>
      )}
      {phase === "paying" && quote && (
        <Suspense fallback={null}>
          <TonConnectPay
            key={attempt}
            quote={quote}
            language={currentLocale() === "ru" ? "ru" : "en"}
            onSent={onSent}
            onFailed={onFailed}
          />
        </Suspense>
      )}
    </div>
  );
}

import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import type { PartnerSummary } from "@domain/contracts/partner";
import { formatAmount, formatBaht } from "@domain/format";
import { StoreIcon, WalletIcon } from "../../../components/icons";
import { ChevronRightIcon, CopyIcon } from "../../../components/moreIcons";
import type { Modal } from "../../../components/Modal";
import { currentLocale, t } from "../../../lib/i18n";
import { paths, referralLink } from "../../../lib/paths";
import { isInsideTelegram } from "../../../lib/telegram";
import { usePrepareShareMessage } from "../api/usePrepareShareMessage";
import { shareReferralLink } from "../shareReferralLink";
import { QrIcon, ShareIcon, UsersIcon } from "./partnerIcons";
import "./partner.css";

/** The same chunk as the pickup QR's: the encoder loads when a code is first shown, not with the store. */
const QrCode = lazy(() => import("../../../components/QrCode").then((module) => ({ default: module.QrCode })));

interface ReferralBoxProps {
  /** The shared modal, handed over by the entry (CabinetParts in app/routes/CabinetPage.tsx). */
  Modal: typeof Modal;
  /** GET /api/partner, undefined while it loads. */
  summary: PartnerSummary | undefined;
  /** What the session already knows, shown until the summary is there. */
  reflink: string;
  balance: number;
  /** The user owns a shop: their shop's bonus history (/refstat/store) is one tap away. */
  ownsShop: boolean;
}

/** "1,234", or a dash while the figures load. */
const figure = (value: number | undefined) => (value === undefined ? "–" : formatAmount(value));

/** "12.5%" as the language writes it ("12,5 %" in Russian). */
const percent = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { style: "percent", maximumFractionDigits: 1 }).format(value / 100);

/**
 * Spec §2 "Cabinet": the wallet (balance and incomes, leading to the bonus history) and the referral box (the
 * link with its QR popup and share, views, referrals, conversion and the rate, all from the server).
 */
export function ReferralBox({ Modal, summary, reflink, balance, ownsShop }: ReferralBoxProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const inTelegram = isInsideTelegram();
  // Inside Telegram a friend opens the bot's mini-app link; elsewhere the store's own address.
  const link = inTelegram && summary?.telegram_link ? summary.telegram_link : referralLink(summary?.reflink ?? reflink);
  const shareLabel = t(inTelegram ? "referral.shareLink" : "referral.copyLink");
  // Inside Telegram the bot prepares a card to share (issue 26); one at a time, however often it is tapped.
  const prepareCard = usePrepareShareMessage();
  const share = () => {
    if (!prepareCard.isPending) void shareReferralLink(link, inTelegram ? () => prepareCard.mutateAsync() : undefined);
  };

  return (
    <>
      <Link href={paths.bonusHistory} className="cabinet-box card" data-testid="referral-incomes">
        <span className="cabinet-box__icon">
          <WalletIcon />
        </span>
        <span className="wallet-box__figures">
          <span className="wallet-box__figure">
            <span className="cabinet-box__label">{t("referral.bonusBalance")}</span>
            <strong className="wallet-box__balance" data-testid="cabinet-balance">
              {formatBaht(summary?.balance ?? balance)}
            </strong>
          </span>
          <span className="wallet-box__figure wallet-box__figure--end">
            <span className="cabinet-box__label">{t("referral.incomes")}</span>
            <strong className="wallet-box__income" data-testid="referral-income">
              {summary ? formatBaht(summary.income_sum) : "–"}
            </strong>
          </span>
        </span>
        <ChevronRightIcon className="cabinet-box__chevron" />
      </Link>

      <section className="referral-box card" data-testid="referral-box" aria-labelledby="referral-box-title">
        <div className="referral-box__head">
          <span className="cabinet-box__icon">
            <UsersIcon />
          </span>
          <span className="referral-box__intro">
            <h2 className="referral-box__title" id="referral-box-title">
              {t("referral.title")}
            </h2>
            <span className="referral-box__hint">{t("referral.hint")}</span>
          </span>
          <span className="referral-box__rate" data-testid="referral-rate" aria-label={t("referral.rateLabel")}>
            {summary ? percent(summary.rate_percent) : "–"}
          </span>
        </div>

        <div className="referral-link">
          <span className="referral-link__text" data-testid="cabinet-reflink">
            <BreakAfterLastSlash text={link} />
          </span>
          <button
            type="button"
            className="referral-link__button"
            onClick={() => setQrOpen(true)}
            aria-label={t("referral.showQr")}
            data-testid="referral-qr-open"
          >
            <QrIcon />
          </button>
          <button
            type="button"
            className="referral-link__button referral-link__button--main"
            onClick={share}
            aria-label={shareLabel}
            aria-busy={prepareCard.isPending}
            data-testid="referral-share"
          >
            {inTelegram ? <ShareIcon /> : <CopyIcon />}
          </button>
        </div>

        <div className="referral-stats">
          <span className="referral-stat">
            <strong data-testid="referral-views">{figure(summary?.views)}</strong>
            <span className="cabinet-box__label">{t("referral.views")}</span>
          </span>
          <Link href={paths.referrals} className="referral-stat referral-stat--link" data-testid="referral-list-link">
            <strong data-testid="referral-count">{figure(summary?.referrals)}</strong>
            <span className="cabinet-box__label">{t("referral.referrals")} ›</span>
          </Link>
          <span className="referral-stat">
            {/* The server's conversion, referrals / views × 100 with one decimal (0 without views). */}
            <strong data-testid="referral-conversion">{summary ? percent(summary.conversion) : "–"}</strong>
            <span className="cabinet-box__label">{t("referral.conversion")}</span>
          </span>
        </div>

        {ownsShop && (
          <Link href={paths.storeBonusHistory} className="referral-box__store" data-testid="store-bonus-link">
            <StoreIcon />
            <span>{t("referral.storeHistory")}</span>
            <ChevronRightIcon className="cabinet-box__chevron" />
          </Link>
        )}
      </section>

      <Modal active={qrOpen} onClose={() => setQrOpen(false)} title={t("referral.qrTitle")} className="referral-qr">
        <div className="referral-qr__code">
          <Suspense fallback={<span className="referral-qr__placeholder" aria-hidden="true" />}>
            <QrCode text={link} label={t("referral.qrLabel")} />
          </Suspense>
        </div>
        <p className="referral-qr__link" data-testid="referral-qr-link">
          {link}
        </p>
        <button type="button" className="button referral-qr__share" onClick={share}>
          {inTelegram ? <ShareIcon /> : <CopyIcon />}
          {t(inTelegram ? "referral.share" : "referral.copy")}
        </button>
      </Modal>
    </>
  );
}

/** A link that goes to a second line, when it must, before its last part (the code), not in the middle of it. */
function BreakAfterLastSlash({ text }: { text: string }) {
  const cut = text.lastIndexOf("/") + 1;
  if (cut <= 0 || cut >= text.length) return text;
  return (
    <>
      {text.slice(0, cut)}
      <wbr />
      {text.slice(cut)}
    </>
  );
}

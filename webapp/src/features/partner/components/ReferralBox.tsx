import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import type { PartnerSummary } from "@domain/contracts/partner";
import { formatAmount, formatBaht } from "@domain/format";
import { ChevronRightIcon, CopyIcon, StoreIcon, WalletIcon } from "../../../components/icons";
import { Modal } from "../../../components/Modal";
import { paths, referralLink } from "../../../lib/paths";
import { isInsideTelegram } from "../../../lib/telegram";
import { shareReferralLink } from "../shareReferralLink";
import { QrIcon, ShareIcon, UsersIcon } from "./partnerIcons";
import "./partner.css";

/** The same chunk as the pickup QR's: the encoder loads when a code is first shown, not with the store. */
const QrCode = lazy(() => import("../../../components/QrCode").then((module) => ({ default: module.QrCode })));

interface ReferralBoxProps {
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

/**
 * Spec §2 "Cabinet": the wallet (balance and incomes, leading to the bonus history) and the referral box (the
 * link with its QR popup and share, views, referrals, conversion and the rate, all from the server).
 */
export function ReferralBox({ summary, reflink, balance, ownsShop }: ReferralBoxProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const inTelegram = isInsideTelegram();
  // Inside Telegram a friend opens the bot's mini-app link; elsewhere the store's own address.
  const link = inTelegram && summary?.telegram_link ? summary.telegram_link : referralLink(summary?.reflink ?? reflink);
  const shareLabel = inTelegram ? "Share the referral link" : "Copy the referral link";

  return (
    <>
      <Link href={paths.bonusHistory} className="cabinet-box card" data-testid="referral-incomes">
        <span className="cabinet-box__icon">
          <WalletIcon />
        </span>
        <span className="wallet-box__figures">
          <span className="wallet-box__figure">
            <span className="cabinet-box__label">Bonus balance</span>
            <strong className="wallet-box__balance" data-testid="cabinet-balance">
              {formatBaht(summary?.balance ?? balance)}
            </strong>
          </span>
          <span className="wallet-box__figure wallet-box__figure--end">
            <span className="cabinet-box__label">Incomes</span>
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
              Invite friends
            </h2>
            <span className="referral-box__hint">Earn bonus on every order a friend places through your link.</span>
          </span>
          <span className="referral-box__rate" data-testid="referral-rate" aria-label="Your share of their orders">
            {summary ? `${summary.rate_percent}%` : "–"}
          </span>
        </div>

        <div className="referral-link">
          <span className="referral-link__text" data-testid="cabinet-reflink">
            {link}
          </span>
          <button
            type="button"
            className="referral-link__button"
            onClick={() => setQrOpen(true)}
            aria-label="Show the QR code of the link"
            data-testid="referral-qr-open"
          >
            <QrIcon />
          </button>
          <button
            type="button"
            className="referral-link__button referral-link__button--main"
            onClick={() => shareReferralLink(link)}
            aria-label={shareLabel}
            data-testid="referral-share"
          >
            {inTelegram ? <ShareIcon /> : <CopyIcon />}
          </button>
        </div>

        <div className="referral-stats">
          <span className="referral-stat">
            <strong data-testid="referral-views">{figure(summary?.views)}</strong>
            <span className="cabinet-box__label">Views</span>
          </span>
          <Link href={paths.referrals} className="referral-stat referral-stat--link" data-testid="referral-list-link">
            <strong data-testid="referral-count">{figure(summary?.referrals)}</strong>
            <span className="cabinet-box__label">Referrals ›</span>
          </Link>
          <span className="referral-stat">
            {/* The server's conversion, referrals / views × 100 with one decimal (0 without views). */}
            <strong data-testid="referral-conversion">{summary ? `${summary.conversion}%` : "–"}</strong>
            <span className="cabinet-box__label">Conversion</span>
          </span>
        </div>

        {ownsShop && (
          <Link href={paths.storeBonusHistory} className="referral-box__store" data-testid="store-bonus-link">
            <StoreIcon />
            <span>Your shop's bonus history</span>
            <ChevronRightIcon className="cabinet-box__chevron" />
          </Link>
        )}
      </section>

      <Modal active={qrOpen} onClose={() => setQrOpen(false)} title="Your referral link" className="referral-qr">
        <div className="referral-qr__code">
          <Suspense fallback={<span className="referral-qr__placeholder" aria-hidden="true" />}>
            <QrCode text={link} label="QR code of your referral link" />
          </Suspense>
        </div>
        <p className="referral-qr__link" data-testid="referral-qr-link">
          {link}
        </p>
        <button type="button" className="button referral-qr__share" onClick={() => shareReferralLink(link)}>
          {inTelegram ? <ShareIcon /> : <CopyIcon />}
          {inTelegram ? "Share link" : "Copy link"}
        </button>
      </Modal>
    </>
  );
}

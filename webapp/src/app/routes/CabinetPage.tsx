import { Link } from "wouter";
import { REFERRAL_RATE_PERCENT_DEFAULT } from "@domain/constants";
import { formatBaht } from "@domain/format";
import { CopyIcon, ReceiptIcon, ShieldIcon, WalletIcon } from "../../components/icons";
import { notify } from "../../components/notificationStore";
import { paths, referralLink } from "../../lib/paths";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** The signed-in customer's cabinet: who they are, their bonus balance and their referral link. */
export function CabinetPage() {
  const { user, isAdmin, isManager } = useSession();
  if (!user) return <PageLoading text="Loading your cabinet..." />;

  const link = referralLink(user.ref);
  const copyLink = () => {
    // No clipboard outside secure pages (plain http on a LAN address).
    (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
      () => notify("Referral link was copied", "S"),
      () => notify("Failed to copy", "W"),
    );
  };
  const name = displayName(user);
  const secondLine =
    [user.email, user.username ? `@${user.username}` : null].find((line) => line && line !== name) ??
    (user.authType === "EMAIL" ? "Signed in with e-mail" : "Signed in with Telegram");

  return (
    <section className="page cabinet">
      <h1 className="page__title">Cabinet</h1>

      <div className="cabinet-card" data-testid="cabinet-user">
        {user.photo_url ? (
          <img className="cabinet-card__avatar" src={user.photo_url} alt="" width={48} height={48} />
        ) : (
          <span className="cabinet-card__avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="cabinet-card__who">
          <span className="cabinet-card__name">{name}</span>
          <span className="cabinet-card__sub">{secondLine}</span>
        </span>
      </div>

      <div className="cabinet-box">
        <span className="cabinet-box__icon">
          <WalletIcon />
        </span>
        <span className="cabinet-box__text">
          <span className="cabinet-box__label">Bonus balance</span>
          <strong className="cabinet-box__value" data-testid="cabinet-balance">
            {formatBaht(user.balance)}
          </strong>
          <span className="cabinet-box__hint">1 bonus = 1 ฿, spend it on your next order.</span>
        </span>
      </div>

      <div className="cabinet-box cabinet-box--column">
        <span className="cabinet-box__label">Your referral link</span>
        <p className="cabinet-box__hint">
          Friends who order through it earn you {REFERRAL_RATE_PERCENT_DEFAULT}% of what they pay, as bonuses.
        </p>
        <div className="reflink">
          <span className="reflink__text" data-testid="cabinet-reflink">
            {link}
          </span>
          <button type="button" className="reflink__copy" onClick={copyLink} aria-label="Copy the referral link">
            <CopyIcon />
          </button>
        </div>
      </div>

      {(isAdmin || isManager) && (
        <Link href={paths.adminCabinet} className="cabinet-box cabinet-box--link">
          <span className="cabinet-box__icon">
            <ShieldIcon />
          </span>
          <span className="cabinet-box__label">{isAdmin ? "Admin page" : "Manager page"}</span>
        </Link>
      )}

      <div className="cabinet-box cabinet-box--muted">
        <span className="cabinet-box__icon">
          <ReceiptIcon />
        </span>
        <span className="cabinet-box__hint">Your orders and bonus history will show here.</span>
      </div>
    </section>
  );
}

import type { QueryClient } from "@tanstack/react-query";
import type { SessionUser } from "@domain/contracts/auth";
import { Icon } from "../../../components/icons";
import { t } from "../../../lib/i18n";
import { canRequestWriteAccess, launchAllowsWriteToPm } from "../../../lib/telegramWriteAccess";
import { askForNotices, useWriteAccessStore } from "../stores/writeAccessStore";
import "./orderNotices.css";

const BellOffIcon = () => (
  <Icon>
    <path d="M9.5 19.5a2.6 2.6 0 0 0 5 0" />
    <path d="M6.2 9.3A5.8 5.8 0 0 1 15.6 5M17.8 9.5c0 3.3 1 5.2 1.9 6.3.3.4 0 1-.5 1H6.5" />
    <path d="M6.2 9.5c0 3.3-1 5.2-1.9 6.3-.3.4 0 1 .5 1" />
    <path d="M3.5 3.5l17 17" />
  </Icon>
);

/**
 * The order page's word on notices (issue 26), inside Telegram only (its own chunk): while Telegram's "allow
 * messages" dialog is open, one line of why; when the person's notices are off (they declined, or the bot
 * cannot reach them), that they are off and a button that asks again. Nothing when the launch data says the
 * bot may write to them, or on a client too old for the dialog. The page gives the session user's `notices`
 * (GET /api/me) and its query client: this chunk imports neither the hook nor the query library, either of
 * which splits the entry (docs/webapp.md "Chunks").
 */
export default function OrderNotices({ notices, queryClient }: { notices: SessionUser["notices"] | undefined; queryClient: QueryClient }) {
  const asking = useWriteAccessStore((state) => state.asking);
  if (launchAllowsWriteToPm() || !canRequestWriteAccess()) return null;
  if (asking) {
    return (
      <p className="order-notices order-notices--asking" role="status" data-testid="order-notices-why">
        {t("notices.why")}
      </p>
    );
  }
  if (notices !== "off") return null;
  return (
    <div className="order-notices" data-testid="order-notices-off">
      <span className="order-notices__icon">
        <BellOffIcon />
      </span>
      <span className="order-notices__text">
        <strong>{t("notices.off")}</strong>
        <span>{t("notices.why")}</span>
      </span>
      <button type="button" className="button button--ghost order-notices__on" onClick={() => void askForNotices(queryClient)}>
        {t("notices.turnOn")}
      </button>
    </div>
  );
}

/** The cart asks through this chunk right after placing, so the line above is on its way with the dialog. */
export { askAfterPlacing } from "../stores/writeAccessStore";

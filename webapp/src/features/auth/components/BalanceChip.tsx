import { useId, useRef, useState, type ReactNode } from "react";
import type { SessionUser } from "@domain/contracts/auth";
import { formatBaht } from "@domain/format";
import { WalletIcon } from "../../../components/icons";
import { t } from "../../../lib/i18n";
import { sessionDialogs } from "./sessionDialogsImport";
import "./auth.css";

/**
 * Spec §2: the balance chip of a signed-in user, opening Cabinet, Cart, Wishlist, Support and Log out, and under
 * them `extra` (the language picker, handed in by the shell: a feature does not import another).
 *
 * A disclosure, not an ARIA menu: it holds a language select beside its buttons, which a menu's arrow-key model
 * cannot reach. The chip says whether it is open; Tab goes on into its buttons and the select; Escape, a press
 * outside or focus leaving it closes it, and Escape from inside puts focus back on the chip. The open panel
 * (BalanceMenu.tsx) is in the session dialogs' lazy chunk, fetched when idle, on a hover or touch of the chip.
 */
export function BalanceChip({ user, canLogOut, extra }: { user: SessionUser; canLogOut: boolean; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const chip = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const dialogs = sessionDialogs.use(open);
  const prefetch = () => void sessionDialogs.load().catch(() => undefined);

  return (
    <div
      className="balance-chip"
      ref={root}
      onBlur={(event) => {
        // Tabbed past its last control (or anywhere else): the open panel would sit over the page.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={chip}
        type="button"
        className="balance-chip__button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        aria-expanded={open}
        aria-controls={open && dialogs ? menuId : undefined}
        aria-label={t("menu.chipLabel", { balance: formatBaht(user.balance) })}
        data-testid="balance-chip"
      >
        <WalletIcon />
        <span className="balance-chip__amount">{formatBaht(user.balance)}</span>
      </button>
      {open && dialogs && (
        <dialogs.BalanceMenu
          id={menuId}
          user={user}
          canLogOut={canLogOut}
          extra={extra}
          root={root}
          chip={chip}
          onClose={() => setOpen(false)}
          onChosen={() => {
            setOpen(false);
            // The button goes with the panel: focus stays on the chip (the logout question gives it back there).
            chip.current?.focus();
          }}
        />
      )}
    </div>
  );
}

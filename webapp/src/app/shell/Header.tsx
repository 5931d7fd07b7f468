import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { ChevronLeftIcon, LeafIcon } from "../../components/icons";
import { HeaderSession } from "../../features/auth/components/HeaderSession";
import { LazyLanguagePicker } from "../../features/language/LazyLanguagePicker";
import { STORE_NAME } from "../../lib/brand";
import { hasInAppHistory } from "../../lib/history";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { hideBackButton, isInsideTelegram, showBackButton } from "../../lib/telegram";
import { returnButtonFor } from "./returnButton";

export function Header() {
  const [pathname, navigate] = useLocation();
  const returnButton = returnButtonFor(pathname);
  const onReturn = () => {
    if (!returnButton) return;
    if (returnButton.prefersHistory && hasInAppHistory()) window.history.back();
    else navigate(returnButton.to);
  };

  // Inside Telegram its own Back button stands in for 'Return to …', with the same rules.
  const telegram = isInsideTelegram();
  useEffect(() => {
    if (!telegram) return;
    if (!returnButton) {
      hideBackButton();
      return;
    }
    return showBackButton(onReturn);
    // Where the button leads depends on the path alone; onReturn is remade every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- returnButton and onReturn follow from the path
  }, [telegram, pathname]);

  // The balance menu's language picker (spec §2 balance chip; issue 24).
  const menuPicker = <LazyLanguagePicker place="menu" />;

  if (!returnButton || telegram) {
    return (
      <header className="header header--home">
        <Link href={paths.home} className="brand">
          <span className="brand__mark">
            <LeafIcon />
          </span>
          <span className="brand__text">
            <span className="brand__name">{STORE_NAME}</span>
            <span className="brand__city">{t("shell.tagline", { city: t("ui.city") })}</span>
          </span>
        </Link>
        <HeaderSession menuExtra={menuPicker} />
      </header>
    );
  }

  return (
    <header className="header">
      <button type="button" className="return-button" onClick={onReturn} data-testid="return-button">
        <ChevronLeftIcon />
        {t(returnButton.label)}
      </button>
      <HeaderSession menuExtra={menuPicker} />
      <Link href={paths.home} className="brand brand--compact" aria-label={STORE_NAME}>
        <span className="brand__mark">
          <LeafIcon />
        </span>
      </Link>
    </header>
  );
}

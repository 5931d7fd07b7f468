import { Link, useLocation } from "wouter";
import { CITY_NAME } from "@domain/constants";
import { ChevronLeftIcon, LeafIcon } from "../../components/icons";
import { STORE_NAME } from "../../lib/brand";
import { hasInAppHistory } from "../../lib/history";
import { paths } from "../../lib/paths";
import { returnButtonFor } from "./returnButton";

export function Header() {
  const [pathname, navigate] = useLocation();
  const returnButton = returnButtonFor(pathname);

  if (!returnButton) {
    return (
      <header className="header header--home">
        <Link href={paths.home} className="brand" aria-label={STORE_NAME}>
          <span className="brand__mark">
            <LeafIcon />
          </span>
          <span className="brand__text">
            <span className="brand__name">{STORE_NAME}</span>
            <span className="brand__city">Pickup &amp; delivery · {CITY_NAME}</span>
          </span>
        </Link>
      </header>
    );
  }

  const onReturn = () => {
    if (returnButton.prefersHistory && hasInAppHistory()) window.history.back();
    else navigate(returnButton.to);
  };

  return (
    <header className="header">
      <button type="button" className="return-button" onClick={onReturn} data-testid="return-button">
        <ChevronLeftIcon />
        {returnButton.label}
      </button>
      <Link href={paths.home} className="brand brand--compact" aria-label={STORE_NAME}>
        <span className="brand__mark">
          <LeafIcon />
        </span>
      </Link>
    </header>
  );
}

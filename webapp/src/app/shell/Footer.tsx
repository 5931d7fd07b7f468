import { Link } from "wouter";
import { AGE_LIMIT, COPYRIGHT_YEAR } from "@domain/constants";
import { LazyLanguagePicker } from "../../features/language/LazyLanguagePicker";
import { STORE_NAME } from "../../lib/brand";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

export function Footer() {
  return (
    <footer className="footer">
      {/* Everyone, a visitor in a browser too, finds the language here (issue 24). */}
      <LazyLanguagePicker place="footer" />
      <Link href={paths.documents} className="footer__link" data-testid="footer-copyright">
        © {COPYRIGHT_YEAR} {STORE_NAME} · {t("documents.title")}
      </Link>
      <p className="footer__note">{t("shell.adultsOnly", { age: AGE_LIMIT })}</p>
    </footer>
  );
}

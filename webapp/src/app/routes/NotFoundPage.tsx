import { Link } from "wouter";
import { paths } from "../../lib/paths";
import "./pages.css";
import { t } from "../../lib/i18n";

export function NotFoundPage() {
  return (
    <section className="page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{t("notFound.title")}</h1>
      <p className="not-found__text">{t("notFound.text")}</p>
      <Link href={paths.home} className="button">
        {t("notFound.back")}
      </Link>
    </section>
  );
}

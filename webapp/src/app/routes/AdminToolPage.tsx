import { Link } from "wouter";
import { ShieldIcon } from "../../components/moreIcons";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

/** /admin/* for admins until each tool arrives in its own issue. */
export function AdminToolPage() {
  return (
    <section className="page">
      <div className="status-message">
        <span className="status-message__icon">
          <ShieldIcon />
        </span>
        <p className="status-message__title">{t("staffGate.toolLater")}</p>
        <Link href={paths.adminCabinet} className="button button--ghost">
          {t("staffGate.openAdmin")}
        </Link>
      </div>
    </section>
  );
}

import { Link } from "wouter";
import { ShieldIcon } from "../../components/icons";
import { paths } from "../../lib/paths";

/** /admin/* for admins until each tool arrives in its own issue. */
export function AdminToolPage() {
  return (
    <section className="page">
      <div className="status-message">
        <span className="status-message__icon">
          <ShieldIcon />
        </span>
        <p className="status-message__title">This admin tool arrives in a later update.</p>
        <Link href={paths.adminCabinet} className="button button--ghost">
          Open the admin page
        </Link>
      </div>
    </section>
  );
}

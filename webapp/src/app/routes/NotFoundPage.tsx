import { Link } from "wouter";
import { paths } from "../../lib/paths";
import "./pages.css";

export function NotFoundPage() {
  return (
    <section className="page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">Page not found</h1>
      <p className="not-found__text">This page does not exist or has moved. The products are still where you left them.</p>
      <Link href={paths.home} className="button">
        Back to the store
      </Link>
    </section>
  );
}

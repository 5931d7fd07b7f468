import { Link } from "wouter";
import { AGE_LIMIT, COPYRIGHT_YEAR } from "@domain/constants";
import { STORE_NAME } from "../../lib/brand";
import { paths } from "../../lib/paths";

export function Footer() {
  return (
    <footer className="footer">
      <Link href={paths.documents} className="footer__link" data-testid="footer-copyright">
        © {COPYRIGHT_YEAR} {STORE_NAME} · Licence
      </Link>
      <p className="footer__note">Adults {AGE_LIMIT}+ only. Please consume responsibly.</p>
    </footer>
  );
}

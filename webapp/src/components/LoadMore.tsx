import { useEffect, useRef } from "react";
import "./LoadMore.css";
import { t } from "../lib/i18n";

interface LoadMoreProps {
  /** Another page waits on the server. */
  hasMore: boolean;
  loading: boolean;
  /** The last try at the next page failed: the list says so and offers to try again (no load on scroll then). */
  failed?: boolean;
  onMore: () => void;
}

/**
 * The end of a paged list: the next page loads by itself as the list's end scrolls into view (an
 * IntersectionObserver on this element), and 'Show more' stays as a button for whatever the observer misses.
 * A page that failed to load is not asked again by scrolling: 'Try again' asks for it.
 */
export function LoadMore({ hasMore, loading, failed = false, onMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onMore });
  latest.current = { loading, onMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || failed || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onMore();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, failed]);

  if (!hasMore) return null;
  if (failed && !loading) {
    return (
      <div ref={sentinel} className="load-more load-more--failed" role="alert" data-testid="load-more-failed">
        <p className="load-more__note">{t("ui.nextPageFailed")}</p>
        <button type="button" className="button button--ghost" onClick={onMore} data-testid="load-more-retry">
          {t("ui.tryAgain")}
        </button>
      </div>
    );
  }
  return (
    <div ref={sentinel} className="load-more">
      <button type="button" className="button button--ghost" onClick={onMore} disabled={loading} data-testid="show-more">
        {loading && <span className="button__spinner" aria-hidden="true" />}
        {loading ? t("ui.loadingMore") : t("ui.showMore")}
      </button>
    </div>
  );
}

import { useEffect, useRef } from "react";
import "./LoadMore.css";

interface LoadMoreProps {
  /** Another page waits on the server. */
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/**
 * The end of a paged list: the next page loads by itself as the list's end scrolls into view (an
 * IntersectionObserver on this element), and 'Show more' stays as a button for whatever the observer misses.
 */
export function LoadMore({ hasMore, loading, onMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onMore });
  latest.current = { loading, onMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onMore();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="load-more">
      <button type="button" className="button button--ghost" onClick={onMore} disabled={loading} data-testid="show-more">
        {loading && <span className="button__spinner" aria-hidden="true" />}
        Show more
      </button>
    </div>
  );
}

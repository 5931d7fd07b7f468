import { useEffect } from "react";
import { useLocation } from "wouter";
import { sendReferralCode } from "../../features/auth/api/sendReferralCode";
import { keepReferralCode } from "../../features/auth/signIn";
import { useSession } from "../../features/auth/hooks/useSession";
import { useRecordReferralView } from "../../features/partner/api/useRecordReferralView";
import { useReferralCode } from "../../features/partner/api/useReferralCode";
import { isHttpFailure } from "../../lib/api";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { NotFoundPage } from "./NotFoundPage";
import { PageLoading } from "./PageLoading";

/**
 * `/{reflink}` (spec §4 "Referral link"): the server says whether the path is someone's code. A real one is
 * kept for the next sign-in unless one is kept already (a signed-in customer's goes to the server at once;
 * their own is left alone), this browser's view of the link is counted once, and the page goes home in place
 * of this address. Any other path is the 'Page not found' page, keeping nothing.
 * When the check gets no answer (no network, a server failure: its banner shows), the code is kept all the
 * same: the server registers no code that is nobody's, and a real link is not lost to a bad connection.
 */
export function ReflinkPage({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const recordView = useRecordReferralView();
  const { user, restoring } = useSession();
  const check = useReferralCode(code);
  const unknown = isHttpFailure(check.error, 404);
  const settled = check.isSuccess || (check.isError && !unknown);
  const ownCode = user?.ref === code;
  useEffect(() => {
    // Wait to know whether a stored session is alive: a signed-in customer's code goes to the server now.
    if (restoring || !settled) return;
    if (user && !ownCode) sendReferralCode(code);
    else if (!user) keepReferralCode(code);
    recordView(code);
    navigate(paths.home, { replace: true });
  }, [code, user, ownCode, restoring, settled, recordView, navigate]);
  if (unknown) return <NotFoundPage />;
  return <PageLoading text={t("shell.loading")} />;
}

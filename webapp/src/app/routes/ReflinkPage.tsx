import { useEffect } from "react";
import { useLocation } from "wouter";
import { sendReferralCode } from "../../features/auth/api/sendReferralCode";
import { keepReferralCode } from "../../features/auth/signIn";
import { useSession } from "../../features/auth/hooks/useSession";
import { useRecordReferralView } from "../../features/partner/api/useRecordReferralView";
import { paths } from "../../lib/paths";

/**
 * `/{reflink}` (spec §4 "Referral link"): keeps the code for the next sign-in unless one is kept already (a
 * signed-in customer's goes to the server at once; their own is left alone), counts this browser's view of the
 * link once, and goes home in place of this address.
 * An unknown code does the same: the server counts nothing for it and registers no one.
 */
export function ReflinkPage({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const recordView = useRecordReferralView();
  const { user, restoring } = useSession();
  const ownCode = user?.ref === code;
  useEffect(() => {
    // Wait to know whether a stored session is alive: a signed-in customer's code goes to the server now.
    if (restoring) return;
    if (user && !ownCode) sendReferralCode(code);
    else if (!user) keepReferralCode(code);
    recordView(code);
    navigate(paths.home, { replace: true });
  }, [code, user, ownCode, restoring, recordView, navigate]);
  return null;
}

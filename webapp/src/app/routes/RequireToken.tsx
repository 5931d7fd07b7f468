import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useSessionTokenStore } from "../../lib/session";
import { useSession } from "../../features/auth/hooks/useSession";
import { PageLoading } from "./PageLoading";

/** Pages of a signed-in customer send everyone else home (spec §2: redirect to / with no stored token). */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useSessionTokenStore((state) => state.token);
  const { restoring } = useSession();
  if (token) return children;
  // Inside Telegram the token is still on its way from the launch data.
  if (restoring) return <PageLoading text={t("auth.signingIn")} />;
  return <Redirect to={paths.home} replace />;
}

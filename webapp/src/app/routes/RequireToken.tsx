import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { paths } from "../../lib/paths";
import { storedToken } from "../../lib/session";

/** Pages of a signed-in customer send everyone else home (spec §2: redirect to / with no stored token). */
export function RequireToken({ children }: { children: ReactNode }) {
  return storedToken() ? children : <Redirect to={paths.home} replace />;
}

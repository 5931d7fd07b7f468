import { useEffect } from "react";
import { Redirect } from "wouter";
import { notify } from "../../components/notificationStore";

/** Leaves a page for another one, saying why in a warning banner. */
export function RedirectWithNotice({ to, message }: { to: string; message: string }) {
  useEffect(() => notify(message, "W"), [message]);
  return <Redirect to={to} replace />;
}

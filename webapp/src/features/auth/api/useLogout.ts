import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, isHttpFailure } from "../../../lib/api";
import { signOut } from "../../../lib/session";
import { closeLogoutConfirm } from "../stores/logoutConfirmStore";
import { forgetSessionUser } from "./useMe";

/** POST /api/auth/logout; a 401 means the server had already ended the session, which is what was asked. */
async function endServerSession(): Promise<void> {
  try {
    await apiRequest<void>("/api/auth/logout", { method: "POST" });
  } catch (error) {
    if (!isHttpFailure(error, 401)) throw error;
  }
}

/**
 * Ends the session on the server, then everything of it here (spec §4 Logout). Any other failure keeps the
 * session and shows a banner, so the customer can try again rather than leave a live token behind.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endServerSession,
    onSuccess: () => {
      closeLogoutConfirm();
      signOut();
      forgetSessionUser(queryClient);
    },
  });
}

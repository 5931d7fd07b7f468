import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "@domain/contracts/auth";
import { apiRequest } from "../../../lib/api";
import { storedToken } from "../../../lib/session";
import { completeSignIn } from "../signIn";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";

/**
 * POST /api/auth/telegram: the server checks the launch data's signature and answers with a session.
 *
 * A reload inside Telegram (Android reloads by itself) signs in again with the same launch data, whose
 * auth_date may be older than the server accepts by then. With a session stored from before, such a failure is
 * no failure to show: the stored session is checked instead (GET /api/me, once `signingIn` is over) and the app
 * goes on with it. Without one, the failure is said as any other.
 */
export function useTelegramSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (initData: string) =>
      apiRequest<SignInResponse>("/api/auth/telegram", { method: "POST", body: { initData } }),
    meta: { quietIf: () => storedToken() !== null },
    onMutate: () => useTelegramSignInStore.setState({ signingIn: true }),
    onSuccess: (answer) => completeSignIn(queryClient, answer),
    onSettled: () => useTelegramSignInStore.setState({ signingIn: false }),
  });
}

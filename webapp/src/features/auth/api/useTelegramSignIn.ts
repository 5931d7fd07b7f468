import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "@domain/contracts/auth";
import { apiRequest } from "../../../lib/api";
import { completeSignIn } from "../signIn";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";

/** POST /api/auth/telegram: the server checks the launch data's signature and answers with a session. */
export function useTelegramSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (initData: string) =>
      apiRequest<SignInResponse>("/api/auth/telegram", { method: "POST", body: { initData } }),
    onMutate: () => useTelegramSignInStore.setState({ signingIn: true }),
    onSuccess: (answer) => completeSignIn(queryClient, answer),
    onSettled: () => useTelegramSignInStore.setState({ signingIn: false }),
  });
}

import type { QueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "@domain/contracts/auth";
import { keepToken } from "../../lib/session";
import { setSessionUser } from "./api/useMe";

/** Both ways in (Telegram, e-mail code) end the same: the token is kept and the user is known. */
export function completeSignIn(queryClient: QueryClient, answer: SignInResponse): void {
  keepToken(answer.token);
  setSessionUser(queryClient, answer.user);
}

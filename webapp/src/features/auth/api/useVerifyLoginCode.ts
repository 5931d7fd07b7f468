import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "@domain/contracts/auth";
import { apiRequest } from "../../../lib/api";
import { completeSignIn, storedReferralCode } from "../signIn";

interface CodeCheck {
  email: string;
  code: string;
}

/**
 * POST /api/auth/email/verify: a right code signs in; a wrong one (401) is shown in the form, not as a banner.
 * It carries the referral code a link stored (`ref`), which the server registers if it may.
 */
export function useVerifyLoginCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code }: CodeCheck) =>
      apiRequest<SignInResponse>("/api/auth/email/verify", { method: "POST", body: { email, code, ref: storedReferralCode() } }),
    onSuccess: (answer) => completeSignIn(queryClient, answer),
    meta: { quietStatuses: [401] },
  });
}

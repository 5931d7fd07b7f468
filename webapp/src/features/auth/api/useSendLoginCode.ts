import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/**
 * POST /api/auth/email/code: mails a one-time code. The answer is the same for known and unknown addresses;
 * a malformed address (400) or too many codes (429) come back with the server's message as a banner.
 */
export function useSendLoginCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ success: true }>("/api/auth/email/code", { method: "POST", body: { email } }),
  });
}

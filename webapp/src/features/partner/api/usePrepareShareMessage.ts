import { useMutation } from "@tanstack/react-query";
import type { ShareMessageResponse } from "@domain/contracts/referralShare";
import { apiRequest } from "../../../lib/api";

/**
 * POST /api/referrals/share-message (issue 26): the bot prepares the referral card for this person; the id for
 * Telegram's shareMessage. A refusal is quiet: the share falls back to Telegram's share sheet by itself.
 */
export function usePrepareShareMessage() {
  return useMutation({
    mutationFn: () => apiRequest<ShareMessageResponse>("/api/referrals/share-message", { method: "POST" }).then((answer) => answer.id),
    meta: { quietIf: () => true },
  });
}

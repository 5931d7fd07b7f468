import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest } from "../../../lib/api";

/** Spec §3 storage key `view_{reflink}`: this browser's view of a link was counted. */
const viewedKey = (code: string) => `view_${code}`;

function viewedHere(code: string): boolean {
  try {
    return localStorage.getItem(viewedKey(code)) !== null;
  } catch {
    return false;
  }
}

/** Views on their way: a link opened twice in a moment is sent once. */
const sending = new Set<string>();

/**
 * POST /api/ref/:code/view, once per browser per link (spec §4 "Referral link"): the answer is 204 whether or
 * not the code belongs to anyone, and the server counts a viewer once a day anyway. Kept as counted only when
 * the server answered, so a view lost on the way is sent again at the next visit.
 */
export function useRecordReferralView(): (code: string) => void {
  const { mutate } = useMutation({
    mutationFn: (code: string) => apiRequest<void>(`/api/ref/${encodeURIComponent(code)}/view`, { method: "POST" }),
    onSuccess: (_answer, code) => {
      try {
        localStorage.setItem(viewedKey(code), "1");
      } catch {
        // Blocked storage: the server's own once-a-day rule still holds.
      }
    },
    onSettled: (_answer, _error, code) => sending.delete(code),
  });
  return useCallback(
    (code: string) => {
      if (viewedHere(code) || sending.has(code)) return;
      sending.add(code);
      mutate(code);
    },
    [mutate],
  );
}

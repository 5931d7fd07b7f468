import type { QueryClient } from "@tanstack/react-query";
import type { SessionUser, WriteAccessResponse } from "@domain/contracts/auth";
import { apiRequest } from "../../../lib/api";
import { ME_KEY } from "./meKey";

/**
 * `PUT /api/me/write-access`: the person's answer to Telegram's dialog, stored on the user (a refusal skips
 * their notices); the session user then says whether their notices reach them.
 */
export async function answerWriteAccess(queryClient: QueryClient, allowed: boolean): Promise<void> {
  const answer = await apiRequest<WriteAccessResponse>("/api/me/write-access", { method: "PUT", body: { allowed } });
  queryClient.setQueryData<SessionUser | null>(ME_KEY, (user) => (user ? { ...user, ...answer } : user));
}

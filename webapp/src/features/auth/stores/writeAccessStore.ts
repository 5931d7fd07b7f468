import type { QueryClient } from "@tanstack/react-query";
import { create } from "zustand";
import type { SessionUser } from "@domain/contracts/auth";
import { canRequestWriteAccess, launchAllowsWriteToPm, requestWriteAccess } from "../../../lib/telegramWriteAccess";
import { answerWriteAccess } from "../api/answerWriteAccess";
import { ME_KEY } from "../api/meKey";

interface WriteAccessAsk {
  /** Telegram's dialog is open: the order page says why the store asks. */
  asking: boolean;
}

export const useWriteAccessStore = create<WriteAccessAsk>()(() => ({ asking: false }));

/**
 * Opens Telegram's "allow messages" dialog and stores the answer on the user (issue 26). Nothing outside
 * Telegram or on a client before 6.9; a dialog that gives no answer stores nothing.
 */
export async function askForNotices(queryClient: QueryClient): Promise<void> {
  if (!canRequestWriteAccess()) return;
  useWriteAccessStore.setState({ asking: true });
  try {
    const allowed = await requestWriteAccess();
    if (allowed !== null) await answerWriteAccess(queryClient, allowed);
  } catch (error) {
    // The answer could not be stored: the next order, or 'Turn on notices', asks again.
    console.error(error);
  } finally {
    useWriteAccessStore.setState({ asking: false });
  }
}

/**
 * Right after an order is placed: unless the launch data says the bot may write to the person, or the store
 * already knows it may, Telegram's dialog opens at once, so the order's notices can reach them.
 */
export function askAfterPlacing(queryClient: QueryClient): void {
  if (launchAllowsWriteToPm()) return;
  const user = queryClient.getQueryData<SessionUser | null>(ME_KEY);
  if (user?.writeAccess === "allowed" && user.notices === "on") return;
  void askForNotices(queryClient);
}

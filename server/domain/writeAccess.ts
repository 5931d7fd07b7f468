/**
 * Write access (issue 26): whether the bot may write to a person, and so whether their notices reach them.
 * Telegram lets a bot message someone who wrote to it or allowed it (initData's `allows_write_to_pm`, the
 * mini-app's `requestWriteAccess` dialog); the store keeps what it last heard.
 */

/** What the store knows: 'allowed', 'refused' (the person declined Telegram's dialog), or null while unknown. */
export type WriteAccess = "allowed" | "refused";

/** Whether the person's notices reach them in Telegram: 'off' when they refused or blocked the bot. */
export type NoticesState = "on" | "off";

export function writeAccessOf(allowed: boolean): WriteAccess {
  return allowed ? "allowed" : "refused";
}

/**
 * 'on' unless the person refused the bot's messages or the bot found them unreachable (blocked, never started):
 * while nothing is known the outbox tries, and Telegram's answer then decides. Null for a person without a
 * Telegram chat (e-mail only), whom no notice reaches in Telegram at all.
 */
export function noticesState(user: {
  telegram_id: number | null;
  write_access: WriteAccess | null;
  telegram_unreachable_at: string | null;
}): NoticesState | null {
  if (user.telegram_id === null) return null;
  return user.write_access === "refused" || user.telegram_unreachable_at !== null ? "off" : "on";
}

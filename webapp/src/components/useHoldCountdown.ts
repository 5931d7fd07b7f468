import { useEffect, useState } from "react";

const TICK_MS = 1000;

/** "HH:MM:SS" (a leading '-' once past) → seconds, negative once past. */
function secondsOf(remaining: string): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2})$/.exec(remaining);
  if (!match) return null;
  const [, minus, h, m, s] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return minus ? -seconds : seconds;
}

function format(seconds: number): string {
  const total = Math.abs(Math.trunc(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const text = `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return seconds < 0 ? `-${text}` : text;
}

/**
 * What is left of a pickup hold, as the page shows it (spec §4, §9): the first 5 characters of remaining_time
 * ("02:59"), or null once it starts with a minus (or there is no hold). The server's figure, measured at
 * `measuredAt`, counts down here every second until the next poll brings a fresh one.
 */
export function useHoldCountdown(remaining: string | null, measuredAt: number): string | null {
  const [now, setNow] = useState(() => Date.now());
  const start = remaining === null ? null : secondsOf(remaining);
  useEffect(() => {
    if (start === null) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [start]);
  if (start === null) return null;
  const left = format(start - Math.max(0, now - measuredAt) / 1000);
  return left.startsWith("-") ? null : left.slice(0, 5);
}

import { Fragment, type ReactNode } from "react";
import { t, type MessageId, type MessageValues } from "../../lib/i18n";

/** A character no message holds: marks where a slot's element goes. */
const MARK = "\u{E000}";

/**
 * A message with elements in some of its placeholders (`{left}` drawn bold, `{old}` struck through): each
 * language puts them where its word order wants them. `slots` are the placeholders given as elements.
 */
export function messageWithSlots(id: MessageId, slots: Record<string, ReactNode>, values: MessageValues = {}): ReactNode {
  const names = Object.keys(slots);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const parts = t(id, { ...values, ...marked }).split(MARK);
  return parts.map((part, index) => {
    if (index % 2 === 1) return <Fragment key={index}>{slots[names[Number(part)]!]}</Fragment>;
    return part === "" ? null : <Fragment key={index}>{part}</Fragment>;
  });
}

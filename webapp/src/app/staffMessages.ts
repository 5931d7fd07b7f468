import { createElement, use, type ComponentType } from "react";
import { loadMessages } from "../lib/i18n";

/**
 * The staff screens' messages (locales/<locale>/staff.ts), asked for once when the staff chunk is evaluated.
 * Not a top-level await: one in the staff chunk made Rolldown split React and the entry's own modules into
 * extra files every customer fetches (docs/webapp.md "Chunks").
 */
const ready = loadMessages("staff");

/** A staff screen that suspends (the router's Suspense shows its placeholder) until its messages are here. */
export function withStaffMessages<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function StaffScreen(props: P) {
    use(ready);
    return createElement(Screen, props);
  }
  StaffScreen.displayName = `withStaffMessages(${Screen.displayName ?? Screen.name})`;
  return StaffScreen;
}

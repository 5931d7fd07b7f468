import type { ComponentProps } from "react";
import { lazyModule } from "../../lib/lazyModule";
import type { LanguagePicker } from "./LanguagePicker";

/** The language picker is a lazy chunk (lib/lazyModule.ts): the chosen language's messages are all a start needs. */
const languagePicker = lazyModule(() => import("./LanguagePicker"));

/**
 * The language picker (LanguagePicker.tsx) once its chunk is there. In the balance menu and the cabinet it is
 * fetched as they open; the footer's, below the list, waits for the browser to be idle.
 */
export function LazyLanguagePicker(props: ComponentProps<typeof LanguagePicker>) {
  const module = languagePicker.use(props.place !== "footer");
  return module ? <module.LanguagePicker {...props} /> : null;
}

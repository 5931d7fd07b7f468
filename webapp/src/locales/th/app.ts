/** Thai messages of the mini-app: natural Thai; Thai has no plural forms. */
import type en from "../en/app";

export default {
  "language.title": "ภาษา",
} satisfies Record<keyof typeof en, string>;

/** Russian messages of the mini-app: natural Russian, plurals by CLDR (one, few, many, other). */
import type en from "../en/app";

export default {
  "language.title": "Язык",
} satisfies Record<keyof typeof en, string>;

/** Russian messages of the staff screens. */
import type en from "../en/staff";

export default {
  "staff.title": "Персонал",
} satisfies Record<keyof typeof en, string>;

/** Thai messages of the staff screens. */
import type en from "../en/staff";

export default {
  "staff.title": "พนักงาน",
} satisfies Record<keyof typeof en, string>;

/** Russian messages of the mini-app: natural Russian, plurals by CLDR (one, few, many, other). */
import type en from "../en/app";

export default {
  "language.title": "Язык",
  // ---- staff: access check and admin placeholder (entry chunk, shown before the staff messages load) ----
  "staffGate.checking": "Проверяем доступ...",
  "staffGate.denied": "Отказано в доступе.",
  "staffGate.toolLater": "Этот инструмент появится в одном из следующих обновлений.",
  "staffGate.openAdmin": "Открыть страницу администратора",
} satisfies Record<keyof typeof en, string>;

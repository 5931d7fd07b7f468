/** Thai messages of the mini-app: natural Thai; Thai has no plural forms. */
import type en from "../en/app";

export default {
  "language.title": "ภาษา",
  // ---- staff: access check and admin placeholder (entry chunk, shown before the staff messages load) ----
  "staffGate.checking": "กำลังตรวจสอบสิทธิ์...",
  "staffGate.denied": "ไม่มีสิทธิ์เข้าถึง",
  "staffGate.toolLater": "เครื่องมือนี้จะมาในอัปเดตครั้งถัดไป",
  "staffGate.openAdmin": "เปิดหน้าผู้ดูแลระบบ",
} satisfies Record<keyof typeof en, string>;

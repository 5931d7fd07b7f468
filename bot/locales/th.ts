/**
 * What the bot says, in Thai: short and polite, no ครับ/ค่ะ on buttons, no plural forms (a count is a number
 * and its classifier). Shop and product names arrive as the admin typed them.
 */
import type en from "./en";

export default {
  // ---- command menus ----
  "command.start": "เปิดร้านค้า",
  "command.orders": "คำสั่งซื้อล่าสุดของฉัน",
  "command.help": "บอทนี้ทำอะไรได้บ้าง",
  "command.staffOrders": "คำสั่งซื้อที่ค้างอยู่ของร้านฉัน",
  "command.adminOrders": "คำสั่งซื้อที่ค้างอยู่ของทุกร้าน",
  "command.stats": "ยอดขายวันนี้และ 7 วันที่ผ่านมา",
  "command.lowstock": "สินค้าที่ใกล้หมดในแต่ละร้าน",
  "command.addstock": "เพิ่มสต็อกสินค้า",
  "command.cancel": "หยุดเพิ่มสต็อก",
  "command.notify": "คำสั่งซื้อใหม่ของทุกร้าน: /notify on หรือ off",

  // ---- the customer's chat ----
  "store.openStore": "เปิดร้านค้า",
  "store.welcome":
    "สวัสดี {firstName}! ยินดีต้อนรับสู่ {store}\n\nแตะ {openStore} เพื่อดูสินค้า ใส่ตะกร้า " +
    "และเลือกร้าน: คำสั่งซื้อแบบรับเองที่ร้านจะถูกเก็บไว้ให้ {hours, number} " +
    "ชั่วโมง\n\nเราจะแจ้งให้ทราบเมื่อสั่งซื้อสำเร็จ ร้านกำลังจัดเตรียม เสร็จสิ้น ถูกยกเลิก " +
    "หรือใกล้หมดเวลารับสินค้า /orders แสดงคำสั่งซื้อล่าสุดของคุณ",
  "store.help":
    "บอท {store}\n\n/start เปิดร้านค้า\n/orders แสดงคำสั่งซื้อล่าสุด พร้อมปุ่มเปิดแต่ละรายการ\n/help " +
    "แสดงข้อความนี้\n\nบอทจะแจ้งเมื่อสั่งซื้อสำเร็จ ร้านกำลังจัดเตรียม เสร็จสิ้น ได้รับส่วนลด ถูกยกเลิก " +
    "หรือหมดเวลา และเตือนก่อนหมดเวลารับสินค้า {minutes, number} " +
    "นาที\n\nผู้จัดการร้านจะได้รับคำสั่งซื้อใหม่ของร้านที่นี่ พร้อมปุ่ม {takeOrder} และ {open}",
  "store.hint": "บอทเข้าใจเพียงไม่กี่คำสั่ง: /start เปิดร้านค้า, /orders ดูคำสั่งซื้อ, /help ดูรายละเอียดเพิ่มเติม",
  "store.noOrders": "คุณยังไม่มีคำสั่งซื้อ แตะ {openStore} เพื่อเริ่มสั่งซื้อ",
  "store.ordersTitle": "คำสั่งซื้อล่าสุดของคุณ:",
  "store.orderUnavailable": "ไม่สามารถดูคำสั่งซื้อนี้ได้",
  "store.staleButton": "ปุ่มนี้หมดอายุแล้ว ส่ง /orders เพื่อดูรายการล่าสุด",
  "store.somethingWentWrong": "ขออภัย ระบบขัดข้อง กรุณาลองใหม่อีกครั้งในอีกสักครู่",

  // ---- orders ----
  "order.status.N": "ใหม่",
  "order.status.W": "กำลังดำเนินการ",
  "order.status.P": "รอดำเนินการ",
  "order.status.C": "ยกเลิกแล้ว",
  "order.status.S": "เสร็จสิ้น",
  "order.delivery.1": "รับเองที่ร้าน",
  "order.delivery.2": "จัดส่งถึงที่",
  "order.title": "คำสั่งซื้อ #{id} · {status}",
  "order.pickUpBefore": "กรุณารับสินค้าก่อน {time} น.",
  "order.total": "รวม: {total}",

  // ---- buttons ----
  "button.openShort": "เปิด #{id}",
  "button.details": "รายละเอียด",
  "button.openOrder": "เปิดคำสั่งซื้อ #{id}",
  "button.myOrders": "« คำสั่งซื้อของฉัน",
  "button.takeOrder": "รับคำสั่งซื้อ",
  "button.takeOrderShort": "รับ #{id}",
  "button.open": "เปิด",
  "button.writeTo": "ส่งข้อความถึง {name}",
  "button.back": "« ย้อนกลับ",
  "button.more": "ถัดไป »",
  "button.cancel": "ยกเลิก",
  "button.add": "เพิ่ม {amount}",

  // ---- staff: /orders, Take order ----
  "staff.noOpenOrders": "ตอนนี้ไม่มีคำสั่งซื้อค้างอยู่ในร้านของคุณ",
  "staff.noOpenOrdersAdmin": "ตอนนี้ไม่มีคำสั่งซื้อค้างอยู่ในร้านใดเลย",
  "staff.openOrdersTitle": "คำสั่งซื้อที่ค้างอยู่",
  "staff.moreOrders": "…และอีก {count} รายการ: ดูได้ในหน้าบัญชีของร้านค้า",
  "staff.myOwnOrders": "คำสั่งซื้อส่วนตัวของฉัน",
  "staff.heldUntil": "เก็บไว้ถึง {time} น.",
  "take.took": "รับคำสั่งซื้อเรียบร้อยแล้ว",
  "take.accessDenied": "ไม่มีสิทธิ์เข้าถึง",
  "take.notValidManager": "คุณไม่ใช่ผู้จัดการของร้านนี้",
  "take.anotherManager": "ผู้จัดการคนอื่นรับคำสั่งซื้อนี้ไปแล้ว",
  "take.alreadyYours": "คุณรับคำสั่งซื้อนี้ไปแล้ว",
  "take.notNew": "รับได้เฉพาะคำสั่งซื้อใหม่เท่านั้น",
  "take.closed": "คำสั่งซื้อนี้เสร็จสิ้นหรือถูกยกเลิกแล้ว จึงแก้ไขไม่ได้",
  "take.notFound": "ไม่พบคำสั่งซื้อ {id}",

  // ---- admin: /stats ----
  "stats.today": "วันนี้ {date}",
  "stats.week": "7 วันที่ผ่านมา {from} – {to}",
  "stats.orders": "คำสั่งซื้อ: {count}",
  "stats.sales": "ยอดขาย: {amount}",
  "stats.margin": "กำไรขั้นต้น: {amount}",
  "stats.top": "สินค้าขายดี:",
  "stats.topLine": "{rank}. {product}: ขายได้ {amount}, {sum}",
  "stats.none": "ไม่มีคำสั่งซื้อที่เสร็จสิ้น",
  "stats.footer": "นับเฉพาะคำสั่งซื้อที่เสร็จสิ้น ตามเวลาบนเกาะ กราฟและไฟล์ CSV: เมนูสถิติในหน้าผู้ดูแลของร้านค้า",

  // ---- admin: /lowstock ----
  "lowStock.none": "ไม่มีสินค้าใกล้หมดในร้านใดเลย",
  "lowStock.title": "ใกล้หมด ({count}):",
  "lowStock.line": "{product}: เหลือ {amount}",
  "lowStock.more": "…และอีก {count} รายการ",

  // ---- admin: /addstock ----
  "addStock.chooseProduct": "เพิ่มสต็อก: สินค้าใด? แตะเลือก หรือพิมพ์บางส่วนของชื่อ",
  "addStock.page": "{prompt} (หน้า {page} จาก {pages})",
  "addStock.noProducts": "ยังไม่มีสินค้าให้เพิ่มสต็อก",
  "addStock.noProductMatches": "ไม่มีสินค้าที่ชื่อมีคำว่า \"{typed}\" แตะเลือกจากด้านบน หรือพิมพ์ส่วนอื่นของชื่อ",
  "addStock.noOptions": "{name} ไม่มีตัวเลือกให้เพิ่มสต็อก",
  "addStock.inactive": "{name} (ซ่อนอยู่)",
  "addStock.productLabel": "สินค้า: {name}",
  "addStock.chooseOption": "ตัวเลือกใดของ {name}?",
  "addStock.optionLabel": "ตัวเลือก: {option}",
  "addStock.chooseShop": "เพิ่ม {what} ให้ร้านใด? ตัวเลขในวงเล็บคือจำนวนที่มีอยู่ตอนนี้",
  "addStock.shopLabel": "ร้าน: {name}",
  "addStock.enterAmount": "กรุณาใส่จำนวนสินค้าที่ต้องการเพิ่ม:",
  "addStock.notNumber": "ข้อความนี้ไม่ใช่ตัวเลข",
  "addStock.notWhole": "เพิ่มได้เฉพาะจำนวนเต็ม: กรุณาส่งจำนวนเต็ม เช่น 10",
  "addStock.notPositive": "จำนวนต้องเป็น 1 ขึ้นไป",
  "addStock.tooLarge": "เกิน {max} ในครั้งเดียว: กรุณาตรวจสอบจำนวนอีกครั้ง",
  "addStock.confirm": "เพิ่ม {amount} × {what} ให้ {shop}?\n\nตอนนี้: {before}\nหลังเพิ่ม: {after}",
  "addStock.confirmOrCancel": "แตะ เพิ่ม เพื่อยืนยัน หรือ ยกเลิก",
  "addStock.useButtons": "กรุณาเลือกจากปุ่มด้านบน หรือส่ง /cancel",
  "addStock.canceled": "ยกเลิกการเพิ่มสต็อกแล้ว ไม่มีการเปลี่ยนแปลง",
  "addStock.nothingToCancel": "ไม่มีอะไรให้ยกเลิก: ไม่ได้กำลังเพิ่มสต็อก",
  "addStock.staleStep": "ปุ่มนี้เป็นของขั้นตอนอื่น",
  "addStock.staleConversation": "ขั้นตอนนี้จบแล้ว ส่ง /addstock เพื่อเริ่มใหม่",
  "addStock.added": "คุณเพิ่มสินค้า {amount, number} ชิ้นแล้ว",
  "addStock.nowHolds": "ตอนนี้ {shop} มี {amount}",
  "addStock.notAdded": "ไม่ได้เพิ่มสินค้า",

  // ---- admin: /notify ----
  "notify.on": "คุณจะได้รับแจ้งเตือนทุกคำสั่งซื้อใหม่ของทุกร้าน พร้อมปุ่ม รับคำสั่งซื้อ และ เปิด ส่ง /notify off เพื่อหยุด",
  "notify.off": "คุณได้รับแจ้งเตือนคำสั่งซื้อใหม่เฉพาะร้านที่คุณดูแล ส่ง /notify on เพื่อรับของทุกร้าน",
  "notify.stateOn": "คุณได้รับแจ้งเตือนทุกคำสั่งซื้อใหม่ของทุกร้าน ส่ง /notify off เพื่อหยุด",
  "notify.usage": "ส่ง /notify on หรือ /notify off",

  // ---- pushes to customers ----
  "notice.shop": "ร้าน: {name}",
  "notice.shopWithAddress": "ร้าน: {name}, {address}",
  "notice.itemsAndTotal": "{count, number} ชิ้น · รวม {total}",
  "notice.placed": "ได้รับคำสั่งซื้อ #{id} ของคุณแล้ว",
  "notice.canceled": "คำสั่งซื้อ #{id} ของคุณถูกยกเลิกแล้ว",
  "notice.expired": "หมดเวลาเก็บคำสั่งซื้อ #{id} ของคุณแล้ว สินค้ากลับไปอยู่บนชั้นวาง",
  "notice.orderAgain": "สั่งซื้อใหม่ได้ทุกเมื่อในร้านค้า",
  "notice.reminder": "เหลือเวลาอีก {minutes, number} นาทีในการรับคำสั่งซื้อ #{id}",
  "notice.heldUntil": "เก็บไว้ให้คุณถึง {time} น.",
  "notice.taken": "ร้านกำลังจัดเตรียมคำสั่งซื้อ #{id} ของคุณ",
  "notice.done": "คำสั่งซื้อ #{id} ของคุณเสร็จสิ้นแล้ว ขอบคุณที่ใช้บริการ",
  "notice.paidWithBonus": "ชำระด้วยยอดโบนัสของคุณ",
  "notice.discounted": "คำสั่งซื้อ #{id} ของคุณได้รับส่วนลด {percent}%",
  "notice.newTotal": "ยอดใหม่: {total} จากเดิม {before}",
  "notice.discountRemoved": "ยกเลิกส่วนลดของคำสั่งซื้อ #{id} แล้ว",
  "notice.totalNow": "รวม: {total}",
  "notice.referralIncome": "คุณได้รับโบนัส {amount}: เพื่อนที่คุณชวนมาสั่งซื้อสำเร็จแล้ว",
  "notice.bonusBalance": "ยอดโบนัสของคุณ: {balance}",
  "notice.paid": "ได้รับการชำระเงินสำหรับคำสั่งซื้อ #{id} แล้ว ขอบคุณที่ใช้บริการ",
  "notice.receivedTon": "ได้รับ {amount} TON บนบล็อกเชนแล้ว",
  "notice.confirmedByShop": "ร้านยืนยันการชำระเงินแล้ว",

  // ---- pushes to staff and admins ----
  "staffNotice.newOrder": "คำสั่งซื้อใหม่ #{id}",
  "staffNotice.heldUntil": "{delivery} เก็บไว้ถึง {time} น.",
  "staffNotice.moreLines": "… และอีก {count, number} รายการ",
  "staffNotice.youTook": "คุณรับคำสั่งซื้อ #{id} แล้ว",
  "staffNotice.takenBy": "{name} รับคำสั่งซื้อ #{id} แล้ว",
  "staffNotice.anotherManager": "ผู้จัดการคนอื่น",
  "staffNotice.anAdmin": "ผู้ดูแลระบบ",
  "staffNotice.youCompleted": "คุณปิดคำสั่งซื้อ #{id} เรียบร้อยแล้ว",
  "staffNotice.completedBy": "{name} ปิดคำสั่งซื้อ #{id} เรียบร้อยแล้ว",
  "staffNotice.done": "คำสั่งซื้อ #{id} เสร็จสิ้นแล้ว",
  "staffNotice.canceledBy": "{name} ยกเลิกคำสั่งซื้อ #{id} แล้ว",
  "staffNotice.canceled": "คำสั่งซื้อ #{id} ถูกยกเลิกแล้ว",
  "staffNotice.expired": "หมดเวลาเก็บคำสั่งซื้อ #{id}: คำสั่งซื้อถูกยกเลิกและสินค้ากลับไปอยู่บนชั้นวางแล้ว",
  "staffNotice.canceledByAdmin": "ผู้ดูแลระบบยกเลิกคำสั่งซื้อ #{id} แล้ว",
  "staffNotice.paid": "คำสั่งซื้อ #{id} ชำระด้วยคริปโตแล้ว",
  "staffNotice.contactTitle": "ติดต่อลูกค้าของคำสั่งซื้อ #{id}: {name}",
  "staffNotice.email": "อีเมล: {email}",
  "staffNotice.noContact": "ลูกค้าไม่ได้ให้แชต Telegram หรืออีเมลไว้",
  "staffNotice.privacy": "การตั้งค่าความเป็นส่วนตัวของลูกค้าไม่อนุญาตให้ส่งลิงก์ไปยังแชตของเขา",
  "adminNotice.refundDue":
    "ต้องคืนเงินที่โอนเป็น TON สำหรับคำสั่งซื้อ #{id}: {reason, select, order_closed " +
    "{คำสั่งซื้อถูกยกเลิกหรือหมดเวลาก่อนเงินเข้า} other {คำสั่งซื้อนี้ชำระเงินไปแล้ว}}",
  "adminNotice.refundAmount": "จำนวน: {amount} TON",
  "adminNotice.refundFrom": "จาก: {source}",
  "adminNotice.unknownSource": "ไม่ทราบ",
  "adminNotice.refundTransaction": "ธุรกรรม: {hash}",
  "adminNotice.lowStock": "สินค้าใกล้หมดที่ {shop}: {product}",
  "adminNotice.noneLeft": "ไม่เหลือบนชั้นวางแล้ว",
  "adminNotice.left": "เหลือบนชั้นวาง {count, number} ชิ้น (แจ้งเตือนเมื่อเหลือ {threshold} หรือน้อยกว่า)",
  // ---- back in stock (issue 25) ----
  "notice.backInStock": "{product} ในรายการโปรดของคุณกลับมามีสินค้าแล้ว",
  "notice.backInStockAt": "รับได้ที่: {shops}",
  "button.openProduct": "เปิด {product}",
  // ---- broadcasts ----
  "promo.stopButton": "หยุดรับโปรโมชัน",
  "promo.stopped": "เรียบร้อย เราจะไม่ส่งโปรโมชันอีก แต่ยังแจ้งเรื่องคำสั่งซื้อตามปกติ ส่ง /start หากต้องการรับโปรโมชันอีกครั้ง",
  "promo.offerOptIn": "คุณปิดรับโปรโมชันของเราไว้ ต้องการรับข้อเสนออีกครั้งไหม",
  "promo.optInButton": "รับโปรโมชันอีกครั้ง",
  "promo.optedIn": "ยินดีต้อนรับกลับ คุณจะได้รับข้อเสนอของเราอีกครั้ง ส่ง /stop เพื่อปิด",
  // ---- g-contact ----
  "contact.kept": "ขอบคุณ เบอร์โทร {phone} ของคุณอยู่ในฟอร์มจัดส่งของร้านแล้ว",
  "contact.notYours": "เราเก็บเฉพาะเบอร์โทรของคุณเอง รายชื่อนี้เป็นของคนอื่น จึงไม่ได้บันทึกไว้",
  "contact.invalid": "เบอร์โทรนี้ใช้กับฟอร์มจัดส่งไม่ได้ กรุณาพิมพ์เบอร์ในร้านค้าแทน",
  "contact.unknownUser": "กรุณาเปิดร้านก่อน (/start) แล้วจึงแชร์เบอร์โทรจากฟอร์มจัดส่ง",
} satisfies Record<keyof typeof en, string>;

/**
 * What the bot says, in Russian: natural shop Russian, «вы» in lower case, plurals by CLDR (one, few, many,
 * other). Orders are numbered "№" as Russian writes it. Shop and product names arrive as the admin typed them.
 */
import type en from "./en";

export default {
  // ---- command menus ----
  "command.start": "Открыть магазин",
  "command.orders": "Мои последние заказы",
  "command.help": "Что умеет этот бот",
  "command.staffOrders": "Открытые заказы моих магазинов",
  "command.adminOrders": "Открытые заказы всех магазинов",
  "command.stats": "Продажи за сегодня и за 7 дней",
  "command.lowstock": "Что заканчивается в магазинах",
  "command.addstock": "Пополнить остатки товара",
  "command.cancel": "Прервать пополнение",
  "command.notify": "Новые заказы всех магазинов: /notify on или off",

  // ---- the customer's chat ----
  "store.openStore": "Открыть магазин",
  "store.welcome":
    "Здравствуйте, {firstName}! Добро пожаловать в {store}.\n\nНажмите «{openStore}», чтобы посмотреть " +
    "каталог, собрать корзину и выбрать магазин: заказ на самовывоз мы держим {hours, plural, one {# " +
    "час} few {# часа} many {# часов} other {# часа}}.\n\nЯ напишу вам, когда заказ будет оформлен, " +
    "когда его начнут собирать, когда он будет выполнен или отменён и когда бронь будет подходить к " +
    "концу. /orders покажет ваши последние заказы.",
  "store.help":
    "Бот {store}\n\n/start — открыть магазин\n/orders — ваши последние заказы, у каждого кнопка, чтобы " +
    "его открыть\n/help — это сообщение\n\nЕщё я сообщаю, когда заказ оформлен, собирается, выполнен, " +
    "получил скидку, отменён или его бронь истекла, и напоминаю за {minutes, plural, one {# минуту} few " +
    "{# минуты} many {# минут} other {# минуты}} до конца брони на самовывоз.\n\nМенеджеры магазинов " +
    "получают здесь каждый новый заказ своего магазина с кнопками «{takeOrder}» и «{open}».",
  "store.hint": "Я понимаю всего несколько команд: /start — открыть магазин, /orders — ваши заказы, /help — подробнее.",
  "store.noOrders": "У вас пока нет заказов. Нажмите «{openStore}», чтобы оформить первый.",
  "store.ordersTitle": "Ваши последние заказы:",
  "store.orderUnavailable": "Этот заказ недоступен.",
  "store.staleButton": "Эта кнопка устарела. Отправьте /orders, чтобы получить свежий список.",
  "store.somethingWentWrong": "Извините, у нас что-то пошло не так. Попробуйте ещё раз через минуту.",

  // ---- orders ----
  "order.status.N": "Новый",
  "order.status.W": "В работе",
  "order.status.P": "Ожидает",
  "order.status.C": "Отменён",
  "order.status.S": "Выполнен",
  "order.delivery.1": "Самовывоз",
  "order.delivery.2": "Курьер",
  "order.title": "Заказ №{id} · {status}",
  "order.pickUpBefore": "Заберите заказ до {time}.",
  "order.total": "Итого: {total}",

  // ---- buttons ----
  "button.openShort": "Открыть №{id}",
  "button.details": "Подробнее",
  "button.openOrder": "Открыть заказ №{id}",
  "button.myOrders": "« Мои заказы",
  "button.takeOrder": "Взять заказ",
  "button.takeOrderShort": "Взять №{id}",
  "button.open": "Открыть",
  "button.writeTo": "Написать: {name}",
  "button.back": "« Назад",
  "button.more": "Ещё »",
  "button.cancel": "Отмена",
  "button.add": "Добавить {amount}",

  // ---- staff: /orders, Take order ----
  "staff.noOpenOrders": "Сейчас в ваших магазинах нет открытых заказов.",
  "staff.noOpenOrdersAdmin": "Сейчас ни в одном магазине нет открытых заказов.",
  "staff.openOrdersTitle": "Открытые заказы",
  "staff.moreOrders": "…и ещё {count}: откройте кабинет в магазине.",
  "staff.myOwnOrders": "Мои личные заказы",
  "staff.heldUntil": "бронь до {time}",
  "take.took": "Вы взяли заказ",
  "take.accessDenied": "Отказано в доступе.",
  "take.notValidManager": "Вы не менеджер этого магазина",
  "take.anotherManager": "Этот заказ уже взял другой менеджер",
  "take.alreadyYours": "Вы уже взяли этот заказ.",
  "take.notNew": "Взять можно только новый заказ.",
  "take.closed": "Заказ выполнен или отменён: изменить его уже нельзя.",
  "take.notFound": "Заказ {id} не найден",

  // ---- admin: /stats ----
  "stats.today": "Сегодня, {date}",
  "stats.week": "Последние 7 дней, {from} – {to}",
  "stats.orders": "Заказов: {count}",
  "stats.sales": "Продажи: {amount}",
  "stats.margin": "Маржа: {amount}",
  "stats.top": "Лучшие товары:",
  "stats.topLine": "{rank}. {product}: продано {amount}, {sum}",
  "stats.none": "Выполненных заказов нет.",
  "stats.footer": "Только выполненные заказы, время острова. Графики и CSV — в разделе «Статистика» кабинета администратора.",

  // ---- admin: /lowstock ----
  "lowStock.none": "Ни в одном магазине ничего не заканчивается.",
  "lowStock.title": "Заканчивается ({count}):",
  "lowStock.line": "{product}: осталось {amount}",
  "lowStock.more": "…и ещё {count}.",

  // ---- admin: /addstock ----
  "addStock.chooseProduct": "Пополнение: какой товар? Нажмите на него или введите часть названия.",
  "addStock.page": "{prompt} (страница {page} из {pages})",
  "addStock.noProducts": "Пока нет товаров, которые можно пополнить.",
  "addStock.noProductMatches": "Ни в одном названии нет «{typed}». Выберите товар выше или введите другую часть названия.",
  "addStock.noOptions": "У товара {name} нет вариантов, которые можно пополнить.",
  "addStock.inactive": "{name} (скрыт)",
  "addStock.productLabel": "Товар: {name}",
  "addStock.chooseOption": "Какой вариант товара {name}?",
  "addStock.optionLabel": "Вариант: {option}",
  "addStock.chooseShop": "В какой магазин добавить {what}? В скобках — сколько там сейчас.",
  "addStock.shopLabel": "Магазин: {name}",
  "addStock.enterAmount": "Введите, сколько товара добавить:",
  "addStock.notNumber": "Это не число.",
  "addStock.notWhole": "Добавить можно только целое количество: отправьте целое число, например 10.",
  "addStock.notPositive": "Число должно быть не меньше 1.",
  "addStock.tooLarge": "Это больше {max} за раз: проверьте число.",
  "addStock.confirm": "Добавить {amount} × {what} в магазин {shop}?\n\nСейчас: {before}\nПосле: {after}",
  "addStock.confirmOrCancel": "Нажмите «Добавить», чтобы подтвердить, или «Отмена».",
  "addStock.useButtons": "Выберите кнопкой выше или отправьте /cancel.",
  "addStock.canceled": "Пополнение отменено. Ничего не изменилось.",
  "addStock.nothingToCancel": "Отменять нечего: пополнение не идёт.",
  "addStock.staleStep": "Эта кнопка относится к другому шагу.",
  "addStock.staleConversation": "Этот шаг уже позади. Отправьте /addstock, чтобы начать заново.",
  "addStock.added": "Вы добавили {amount, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}.",
  "addStock.nowHolds": "Теперь в магазине {shop}: {amount}.",
  "addStock.notAdded": "Ничего не добавлено.",

  // ---- admin: /notify ----
  "notify.on":
    "Вы будете получать уведомление о каждом новом заказе всех магазинов, с кнопками «Взять заказ» и " +
    "«Открыть». /notify off — отключить.",
  "notify.off": "Вы получаете уведомления о новых заказах только своих магазинов. /notify on — получать о заказах всех магазинов.",
  "notify.stateOn": "Вы получаете уведомление о каждом новом заказе всех магазинов. /notify off — отключить.",
  "notify.usage": "Отправьте /notify on или /notify off.",

  // ---- pushes to customers ----
  "notice.shop": "Магазин: {name}",
  "notice.shopWithAddress": "Магазин: {name}, {address}",
  "notice.itemsAndTotal": "{count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}} · итого {total}",
  "notice.placed": "Ваш заказ №{id} оформлен.",
  "notice.canceled": "Ваш заказ №{id} отменён.",
  "notice.expired": "Бронь вашего заказа №{id} закончилась, товары вернулись на полку.",
  "notice.orderAgain": "Будем рады новому заказу в магазине.",
  "notice.reminder":
    "Заберите заказ №{id}: бронь закончится через {minutes, plural, one {# минуту} few {# минуты} many " +
    "{# минут} other {# минуты}}.",
  "notice.heldUntil": "Заказ ждёт вас до {time}.",
  "notice.taken": "Магазин собирает ваш заказ №{id}.",
  "notice.done": "Ваш заказ №{id} выполнен. Спасибо!",
  "notice.paidWithBonus": "Оплачен бонусным балансом.",
  "notice.discounted": "На ваш заказ №{id} дана скидка {percent}%.",
  "notice.newTotal": "Новая сумма: {total} вместо {before}.",
  "notice.discountRemoved": "Скидка на ваш заказ №{id} отменена.",
  "notice.totalNow": "Итого: {total}.",
  "notice.referralIncome": "Вам начислен бонус {amount}: заказ приглашённого вами покупателя выполнен.",
  "notice.bonusBalance": "Ваш бонусный баланс: {balance}.",
  "notice.paid": "Оплата заказа №{id} поступила. Спасибо!",
  "notice.receivedTon": "Получено {amount} TON в блокчейне.",
  "notice.confirmedByShop": "Подтверждено магазином.",

  // ---- pushes to staff and admins ----
  "staffNotice.newOrder": "Новый заказ №{id}",
  "staffNotice.heldUntil": "{delivery}, бронь до {time}",
  "staffNotice.moreLines": "… и ещё {count, plural, one {# позиция} few {# позиции} many {# позиций} other {# позиции}}",
  "staffNotice.youTook": "Вы взяли заказ №{id}.",
  "staffNotice.takenBy": "Заказ №{id} взят в работу: {name}.",
  "staffNotice.anotherManager": "другой менеджер",
  "staffNotice.anAdmin": "администратор",
  "staffNotice.youCompleted": "Вы выполнили заказ №{id}.",
  "staffNotice.completedBy": "Заказ №{id} выполнен: {name}.",
  "staffNotice.done": "Заказ №{id} выполнен.",
  "staffNotice.canceledBy": "Заказ №{id} отменён: {name}.",
  "staffNotice.canceled": "Заказ №{id} отменён.",
  "staffNotice.expired": "Бронь заказа №{id} закончилась: заказ отменён, товары вернулись на полку.",
  "staffNotice.canceledByAdmin": "Заказ №{id} отменён администратором.",
  "staffNotice.paid": "Заказ №{id} оплачен криптовалютой.",
  "staffNotice.contactTitle": "Связаться с покупателем заказа №{id}: {name}",
  "staffNotice.email": "E-mail: {email}",
  "staffNotice.noContact": "Покупатель не оставил ни чата в Telegram, ни e-mail.",
  "staffNotice.privacy": "Настройки приватности покупателя не позволяют дать ссылку на его чат.",
  "adminNotice.refundDue":
    "Перевод TON за заказ №{id} нужно вернуть: {reason, select, order_closed {заказ отменили или его " +
    "бронь истекла до поступления перевода} other {заказ уже был оплачен}}.",
  "adminNotice.refundAmount": "Сумма: {amount} TON",
  "adminNotice.refundFrom": "Отправитель: {source}",
  "adminNotice.unknownSource": "неизвестен",
  "adminNotice.refundTransaction": "Транзакция: {hash}",
  "adminNotice.lowStock": "Заканчивается товар в магазине {shop}: {product}.",
  "adminNotice.noneLeft": "На полке ничего не осталось.",
  "adminNotice.left":
    "На полке {count, plural, one {остался # товар} few {осталось # товара} many {осталось # товаров} " +
    "other {осталось # товара}} (сигнал при {threshold} и меньше).",
  // ---- back in stock (issue 25) ----
  "notice.backInStock": "Снова в наличии: {product} из вашего избранного.",
  "notice.backInStockAt": "Где забрать: {shops}.",
  "button.openProduct": "Открыть {product}",
  // ---- broadcasts ----
  "promo.stopButton": "Не присылать акции",
  "promo.stopped":
    "Готово: акций больше не будет. Уведомления о заказах приходят " +
    "как прежде. Чтобы снова получать акции, отправьте /start.",
  "promo.offerOptIn": "Вы отключили наши акции. Снова получать предложения?",
  "promo.optInButton": "Снова получать акции",
  "promo.optedIn": "С возвращением: вы снова будете получать наши предложения. Команда /stop их отключит.",
  // ---- g-contact ----
  "contact.kept": "Спасибо: ваш телефон {phone} теперь в форме доставки курьером.",
  "contact.notYours": "Я сохраняю только ваш собственный номер: это чужой контакт, поэтому я его не сохранил.",
  "contact.invalid": "Этот номер не подходит для формы доставки. Пожалуйста, введите его в магазине вручную.",
  "contact.unknownUser": "Сначала откройте магазин (/start), а затем поделитесь телефоном в форме доставки.",
} satisfies Record<keyof typeof en, string>;

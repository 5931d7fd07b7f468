/**
 * The server's messages in Russian (ICU; plural forms by CLDR: one, few, many, other). Field names in
 * `{param}` are the API's own names and stay as they are; «вы» is written lower-case.
 */
import type { ServerMessage } from "../domain/serverMessages";

export default {
  // ---- the error handler, Fastify and the edge ----
  "Something went wrong on our side. Please try again later.": "У нас что-то пошло не так. Пожалуйста, попробуйте позже.",
  "The store cannot reach its database right now. Please try again in a moment.":
    "Магазин сейчас не может связаться со своей базой данных. Попробуйте ещё раз через минуту.",
  "Too many requests. Please wait {seconds} s and try again.": "Слишком много запросов. Подождите {seconds} с и попробуйте снова.",
  "Route {method} {path} not found": "Адрес {method} {path} не найден",
  "Page {method} {path} not found": "Страница {method} {path} не найдена",
  "Request body is too large": "Слишком большой запрос",
  "Unsupported Media Type": "Неподдерживаемый формат данных",
  "Request body size did not match Content-Length": "Размер запроса не совпадает с заголовком Content-Length",
  "Body cannot be empty when content-type is set to 'application/json'": "Запрос с типом application/json не может быть пустым",
  "Body is not valid JSON but content-type is set to 'application/json'":
    "Тело запроса не является корректным JSON, хотя указан тип application/json",
  "The request could not be handled.": "Не удалось обработать запрос.",
  // ---- request validation (the API's schemas) ----
  "{param} is required": "Поле {param} обязательно",
  "{param} must be an integer": "{param} должно быть целым числом",
  "{param} must be a number": "{param} должно быть числом",
  "{param} must be a string": "{param} должно быть строкой",
  "{param} must be true or false": "{param} должно быть true или false",
  "{param} must be an object": "{param} должно быть объектом",
  "{param} must be an array": "{param} должно быть списком",
  "{param} must be null": "{param} должно быть null",
  "{param} must be one line of plain text": "{param}: нужна одна строка простого текста",
  "{param} must be plain text": "{param}: нужен простой текст без управляющих символов",
  "{param} must be an https:// link": "{param}: нужна ссылка, начинающаяся с https://",
  "{param} must NOT have more than {limit} characters":
    "{param}: не больше {limit, plural, one {# символа} few {# символов} many {# символов} other {# символа}}",
  "{param} must NOT have fewer than {limit} characters":
    "{param}: не меньше {limit, plural, one {# символа} few {# символов} many {# символов} other {# символа}}",
  "{param} must NOT have more than {limit} items":
    "{param}: не больше {limit, plural, one {# элемента} few {# элементов} many {# элементов} other {# элемента}}",
  "{param} must NOT have fewer than {limit} items":
    "{param}: не меньше {limit, plural, one {# элемента} few {# элементов} many {# элементов} other {# элемента}}",
  "{param} must be <= {limit}": "{param} должно быть не больше {limit}",
  "{param} must be >= {limit}": "{param} должно быть не меньше {limit}",
  "{param} must be < {limit}": "{param} должно быть меньше {limit}",
  "{param} must be > {limit}": "{param} должно быть больше {limit}",
  "{param} must be equal to constant": "{param}: недопустимое значение",
  "{param} must be equal to one of the allowed values": "{param}: недопустимое значение",
  "{param} must match a schema in anyOf": "{param}: недопустимое значение",
  "{param} must NOT have additional properties": "{param}: лишние поля не допускаются",
  "{param} must NOT have duplicate items (items ## {j} and {i} are identical)": "{param}: элементы {j} и {i} повторяются",
  '{param} must match pattern "{pattern}"': "{param}: неверный формат",
  "{param} is invalid": "{param}: неверное значение",
  "cursor must be the next_cursor of the page before, passed back unchanged":
    "cursor должен быть значением next_cursor предыдущей страницы без изменений",
  "category must be one of {allowed}": "category должна быть одной из: {allowed}",
  "q must be plain text, without control characters": "q должен быть обычным текстом, без управляющих символов",
  "locale must be one of {allowed}": "Язык (locale) должен быть одним из: {allowed}",
  // ---- access and sign-in ----
  "Отказано в доступе.": "Отказано в доступе.",
  "Please log in first.": "Сначала войдите в аккаунт.",
  "Invalid code!": "Неверный код!",
  "This code can no longer be used. Request a new one.": "Этот код больше не действует. Запросите новый.",
  "Please enter a valid e-mail address.": "Укажите корректный адрес электронной почты",
  "Telegram sign-in is not set up on this server.": "Вход через Telegram на этом сервере не настроен.",
  "Too many codes were asked from your network. Please try again later.":
    "С вашей сети запросили слишком много кодов. Пожалуйста, попробуйте позже.",
  "Too many codes were sent to this address. Please wait 10 minutes and try again.":
    "На этот адрес уже отправлено слишком много кодов. Подождите 10 минут и попробуйте снова.",
  "We could not send the code. Please try again in a minute.": "Не удалось отправить код. Попробуйте ещё раз через минуту.",
  "Too many attempts from your network. Please try again later.": "Слишком много попыток с вашей сети. Пожалуйста, попробуйте позже.",
  "This e-mail already belongs to another account.": "Этот адрес почты уже привязан к другому аккаунту.",
  "initData has no hash": "В данных Telegram (initData) нет подписи",
  "initData hash is not valid": "Подпись данных Telegram (initData) некорректна",
  "initData signature does not match": "Подпись данных Telegram (initData) не совпадает",
  "initData has no auth_date": "В данных Telegram (initData) нет времени входа",
  "initData has expired: open the store from Telegram again": "Данные Telegram устарели: откройте магазин из Telegram ещё раз",
  "initData comes from the future: check the server clock": "Данные Telegram пришли «из будущего»: проверьте часы сервера",
  "initData user is not valid JSON": "Пользователь в данных Telegram (initData) записан неверно",
  "initData has no user": "В данных Telegram (initData) нет пользователя",
  "User not found": "Пользователь не найден",
  "User {id} not found": "Пользователь {id} не найден",
  "No user with that e-mail or Telegram id has signed in yet": "Пользователь с такой почтой или Telegram id ещё ни разу не входил",
  "Admins have no wishlist.": "У администраторов нет избранного.",
  // ---- the catalogue and orders ----
  "Shop {id} not found": "Магазин {id} не найден",
  "Product {id} not found": "Товар {id} не найден",
  "Order {id} not found": "Заказ {id} не найден",
  "Product {productId} has no option {optionId}": "У товара {productId} нет варианта {optionId}",
  "At most {max} of {product} per order.": "В одном заказе можно не больше {max} шт. товара «{product}».",
  "The central warehouse is not a pickup shop: choose a shop": "Центральный склад не является пунктом выдачи: выберите магазин",
  "Not enough products in stock": "Недостаточно товара в наличии",
  "This shop does not take crypto yet: choose cash or card.": "Этот магазин пока не принимает криптовалюту: выберите наличные или карту.",
  "Idempotency-Key header is required: 8-128 letters, digits or _.:-":
    "Нужен заголовок Idempotency-Key: от 8 до 128 латинских букв, цифр или знаков _.:-",
  "Please choose delivery and payment options!": "Выберите способ получения и оплаты.",
  "This Idempotency-Key was already used for a different order.": "Этот Idempotency-Key уже использован для другого заказа.",
  "You already have {max} open orders. Pick one up or cancel it before placing another.":
    "У вас уже {max, plural, one {# открытый заказ} few {# открытых заказа} many {# открытых заказов} other {# открытого заказа}}. " +
    "Заберите или отмените один из них, прежде чем оформлять новый.",
  "This order is paid: ask the shop to cancel it and send your money back.":
    "Этот заказ уже оплачен: попросите магазин отменить его и вернуть вам деньги.",
  "This order can no longer be canceled.": "Этот заказ уже нельзя отменить.",
  "Only a pending order takes new settings.": "Изменить параметры можно только у заказа в ожидании.",
  "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…).":
    "Вставьте ссылку Google Maps (https://maps.app.goo.gl/… или https://www.google.com/maps/…).",
  "Type a phone number of 9 to 15 digits, such as +66 81 234 5678.": "Введите номер телефона из 9–15 цифр, например +66 81 234 5678.",
  // ---- hand-over ----
  "Not valid Manager": "Вы не менеджер этого магазина",
  "Another manager got this order": "Этот заказ уже взял другой менеджер",
  "Invalid map code": "Неверный код карты",
  "Некорректное число": "Некорректное число",
  "This order is done or canceled: it can no longer be changed.": "Этот заказ выполнен или отменён: изменить его уже нельзя.",
  "This order is already done.": "Этот заказ уже выполнен.",
  "This pickup code is not valid.": "Этот код выдачи недействителен.",
  "You have already taken this order.": "Вы уже взяли этот заказ.",
  "Only a new order can be taken.": "Взять можно только новый заказ.",
  "The customer's bonus balance does not cover this order.": "Бонусов на счёте покупателя не хватает для оплаты этого заказа.",
  "The client can be contacted about an order in work only.": "Связаться с покупателем можно только по заказу в работе.",
  "This order is paid and delivered, or closed: its price can no longer change.":
    "Этот заказ оплачен и доставлен или закрыт: его цену изменить уже нельзя.",
  // ---- crypto payment ----
  "This order is not paid in crypto.": "Этот заказ оплачивается не криптовалютой.",
  "This order is paid already.": "Этот заказ уже оплачен.",
  "Only a new or taken order can be paid: this one is pending, done or canceled.":
    "Оплатить можно только новый заказ или заказ в работе, а этот — в ожидании, выполнен или отменён.",
  "Crypto payment is not open yet: the store has not set its TON rate.":
    "Оплата криптовалютой пока недоступна: магазин не указал курс TON.",
  "Ask for the amount to pay first.": "Сначала запросите сумму к оплате.",
  "This is not a TON wallet address: paste it as your wallet shows it (EQ…, UQ… or 0:…).":
    "Это не адрес кошелька TON: вставьте его так, как показывает кошелёк (EQ…, UQ… или 0:…).",
  "A shop's wallet must be on the basechain (workchain 0).": "Кошелёк магазина должен быть в основной сети (workchain 0).",
  "This is a testnet address; the store takes payments on mainnet.":
    "Это адрес тестовой сети, а магазин принимает платежи в основной (mainnet).",
  "This is a mainnet address; the store takes payments on testnet.":
    "Это адрес основной сети, а магазин принимает платежи в тестовой (testnet).",
  "The rate must be a positive number of Baht for one TON.": "Курс — положительное число бат за один TON.",
  "The rate must be at most 1,000,000,000 Baht for one TON.": "Курс не может быть больше 1 000 000 000 бат за один TON.",
  "The rate may have at most {decimals} decimals.":
    "В курсе может быть не больше {decimals, plural, one {# знака} few {# знаков} many {# знаков} other {# знака}} после запятой.",
  "boc must be the wallet's reply: base64, at most 64 KB.": "boc должен быть ответом кошелька: base64, не больше 64 КБ.",
  "boc is not a bag of cells: send the wallet's reply as it came.":
    "boc не является набором ячеек (bag of cells): отправьте ответ кошелька без изменений.",
  // ---- staff, partners and the bonus ledger ----
  "User {userId} is not on the staff of shop {shopId}": "Пользователь {userId} не работает в магазине {shopId}",
  "Give either email or telegram_id": "Укажите email или telegram_id",
  "You own no shop.": "У вас нет своего магазина.",
  "Referral {id} not found": "Приглашённый {id} не найден",
  "amount must be a signed whole number, not 0": "amount — целое число со знаком, не 0",
  "Give a reason for the correction": "Укажите причину корректировки",
  "The balance is {balance}: a correction of {amount} would make it negative.":
    "На счёте {balance}: корректировка на {amount} сделает баланс отрицательным.",
  // ---- products (admin) ----
  "Product {id} was deleted and can no longer be changed": "Товар {id} удалён, изменить его уже нельзя",
  "Image {imageId} of product {productId} not found": "Изображение {imageId} товара {productId} не найдено",
  "Option {optionId} of product {productId} not found": "Вариант {optionId} товара {productId} не найден",
  "{param} is too long (at most {max} characters)":
    "{param}: слишком длинно (не больше {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}})",
  "Incorrect product_id": "Неверный product_id",
  "Set name": "Укажите название",
  "Set description": "Укажите описание",
  "Set gift_text": "Укажите текст подарка (gift_text)",
  "Set label": "Укажите метку (label)",
  "Set price_text": "Укажите текст цены (price_text)",
  "Incorrect Per Price": "Неверная цена",
  "Incorrect Cost": "Неверная себестоимость",
  "Incorrect instock": "Неверное количество в наличии",
  "Set hot_deal": "Укажите hot_deal",
  "Set category_id": "Укажите категорию (category_id)",
  "in_all_list must be 1 or 0": "in_all_list должно быть 1 или 0",
  "position must be a whole number from {min} to {max}": "position — целое число от {min} до {max}",
  "Unexpected file field ''{field}'': send images as file-0, file-1, …":
    "Неожиданное поле файла «{field}»: отправляйте изображения как file-0, file-1, …",
  "Add at least one image": "Добавьте хотя бы одно изображение",
  "A product needs at least one image: add another before removing this one.":
    "У товара должно быть хотя бы одно изображение: добавьте другое, прежде чем удалять это.",
  "Cannot delete Default product option. Please set new default option and then delete":
    "Нельзя удалить основной вариант товара. Сначала назначьте другой основной вариант, затем удалите этот",
  "image_ids must list each of this product's images exactly once":
    "В image_ids каждое изображение товара должно быть указано ровно один раз",
  // ---- pictures and uploads ----
  "The image file is empty.": "Файл изображения пуст.",
  "Unsupported image type: only JPEG, PNG and WebP pictures are accepted.":
    "Неподдерживаемый формат изображения: принимаются только JPEG, PNG и WebP.",
  "The image file is damaged or incomplete.": "Файл изображения повреждён или загружен не полностью.",
  "The image is too large: at most {max} megapixels.": "Изображение слишком большое: не больше {max} мегапикселей.",
  "The image is too large: at most {max} MB a file.": "Изображение слишком большое: не больше {max} МБ на файл.",
  "Too many files: at most {max} in one request.": "Слишком много файлов: не больше {max} за один запрос.",
  "Too many fields in one request.": "Слишком много полей в одном запросе.",
  "A field is too long: at most {max} KB.": "Поле слишком длинное: не больше {max} КБ.",
  "Send this request as multipart/form-data.": "Отправьте этот запрос в формате multipart/form-data.",
  // ---- shops (admin) ----
  "Set the shop's name.": "Укажите название магазина.",
  "Koh Samui (city 1) is the only region.": "Самуи (город 1) — единственный регион.",
  "Choose a logo picture for the new shop.": "Выберите логотип для нового магазина.",
  "Send one logo picture, as file-0.": "Отправьте одно изображение логотипа в поле file-0.",
  "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…) or its embed code.":
    "Вставьте ссылку Google Maps (https://maps.app.goo.gl/… или https://www.google.com/maps/…) или код для встраивания.",
  "The shop admin e-mail is not a valid address.": "Почта администратора магазина указана неверно.",
  "{field} must be one line of plain text.": "{field}: нужна одна строка простого текста.",
  "{field} may be at most {max} characters.":
    "{field}: не больше {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}.",
  "The central warehouse holds the stock: it cannot be deleted.": "На центральном складе хранятся запасы: его нельзя удалить.",
  "This shop has 1 open order (new or in work): hand them over or cancel them before deleting the shop.":
    "У магазина есть открытый заказ (новый или в работе): выдайте или отмените его, прежде чем удалять магазин.",
  "This shop has {count} open orders (new or in work): hand them over or cancel them before deleting the shop.":
    "У магазина {count, plural, one {# открытый заказ} few {# открытых заказа} many {# открытых заказов} other {# открытого заказа}} " +
    "(новые или в работе): выдайте или отмените их, прежде чем удалять магазин.",
  // ---- stock (admin) ----
  "The amount must be a whole number from 1 to {max}.": "Количество — целое число от 1 до {max}.",
  "Stock moves from the central warehouse to a pickup shop: choose a pickup shop.":
    "Товар перемещается с центрального склада в пункт выдачи: выберите пункт выдачи.",
  "The central warehouse holds {held} of this option: {asked} cannot be moved.":
    "На центральном складе {held} шт. этого варианта: переместить {asked} шт. нельзя.",
  // ---- statistics (admin) ----
  "{param} must be a date written YYYY-MM-DD.": "{param} — дата в формате ГГГГ-ММ-ДД.",
  "from must be on or before to.": "Начало периода (from) не может быть позже конца (to).",
  "from and to may span at most {max} days.":
    "Период (from–to) — не больше {max, plural, one {# дня} few {# дней} many {# дней} other {# дня}}.",
  // ---- confirmations in 2xx answers (the admin's forms) ----
  "Product was successfuly uploaded": "Товар успешно загружен",
  "Product was successfuly updated": "Товар успешно обновлён",
  "Product activated": "Товар включён",
  "Product Disabled": "Товар отключён",
  "Product was deleted": "Товар удалён",
  "Image was removed": "Изображение удалено",
  "Images were reordered": "Порядок изображений изменён",
  "Product option was succesfuly created": "Вариант товара успешно создан",
  "Option was deleted": "Вариант удалён",
  "Default option was changed": "Основной вариант изменён",
  "New shop was created.": "Новый магазин создан.",
  "Shop was updated.": "Магазин обновлён.",
  "Shop was deleted.": "Магазин удалён.",
  "You've added {amount} products.": "Вы добавили {amount, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}.",
  "You've moved {amount} products to {shop}.":
    "Вы переместили {amount, plural, one {# товар} few {# товара} many {# товаров} other {# товара}} в «{shop}».",
  // ---- the code mail ----
  "Your Koh Samui Store code: {code}": "Ваш код для Koh Samui Store: {code}",
  "Your login code is {code}.": "Ваш код для входа: {code}.",
  "It works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.":
    "Код действует один раз в течение {minutes, plural, one {# минуты} few {# минут} many {# минут} other {# минуты}}. Если вы его не " +
    "запрашивали, просто не обращайте внимания на это письмо: без кода никто не сможет войти.",
  // ---- promos ----
  "There is no promo code {code}.": "Промокода {code} не существует.",
  "Promo code {code} is not valid at this shop.": "Промокод {code} не действует в этом магазине.",
  "Promo code {code} is not valid yet.": "Промокод {code} ещё не действует.",
  "Promo code {code} has expired.": "Срок действия промокода {code} истёк.",
  "Promo code {code} is for a first order only.": "Промокод {code} действует только на первый заказ.",
  "You have already used promo code {code}.": "Вы уже использовали промокод {code}.",
  "Promo code {code} needs an order of at least {min} Baht.": "Промокод {code} действует на заказ от {min} бат.",
  "Promo code {code} has been used up.": "Промокод {code} закончился: все использования исчерпаны.",
  "{param} must be an ISO 8601 date-time with an offset, e.g. 2026-12-01T00:00:00+07:00.":
    "{param} — дата и время ISO 8601 со смещением, например 2026-12-01T00:00:00+07:00.",
  "A promo code is 3 to 20 letters and digits, without spaces.": "Промокод — от 3 до 20 латинских букв и цифр, без пробелов.",
  "Give either a percent or an amount, not both.": "Укажите либо процент, либо сумму, но не то и другое.",
  "The percent must be a whole number from {min} to {max}.": "Процент — целое число от {min} до {max}.",
  "A fixed amount is 1 Baht or more and at most the minimum order ({min} Baht).":
    "Фиксированная скидка — от 1 бата и не больше минимальной суммы заказа ({min} бат).",
  "valid_from must be before valid_to.": "Начало действия (valid_from) должно быть раньше конца (valid_to).",
  "Promo code {id} not found": "Промокод {id} не найден",
  "There is a promo code {code} already.": "Промокод {code} уже существует.",
  "max_uses cannot be below the {uses} uses so far.": "max_uses не может быть меньше уже сделанных использований ({uses}).",
  // ---- order export (issue 25) ----
  "Order": "Заказ",
  "Placed (island time)": "Оформлен (время острова)",
  "Last change (island time)": "Последнее изменение (время острова)",
  "Shop": "Магазин",
  "Order status": "Статус заказа",
  "Payment method": "Способ оплаты",
  "Payment status": "Статус оплаты",
  "Delivery method": "Способ получения",
  "Delivery status": "Статус доставки",
  "Delivery address": "Адрес доставки",
  "Customer": "Покупатель",
  "Product": "Товар",
  "Product option": "Вариант товара",
  "Quantity": "Количество",
  "Unit price": "Цена за единицу",
  "Unit cost": "Себестоимость единицы",
  "Discount, %": "Скидка, %",
  "Promo code": "Промокод",
  "Paid in bonus": "Оплачено бонусами",
  "Line total": "Сумма строки",
  "Order total": "Итого по заказу",
  "New": "Новый",
  "In progress": "В работе",
  "Pending": "Ожидает",
  "Canceled": "Отменён",
  "Done": "Выполнен",
  "Awaiting payment": "Ожидает оплаты",
  "Paid": "Оплачен",
  "Awaiting delivery": "Ожидает доставки",
  "On the way": "В пути",
  "Delivered": "Доставлен",
  "Cash": "Наличные",
  "Bank card": "Карта",
  "Crypto": "Крипто",
  "Bonus": "Бонусы",
  "Self pickup": "Самовывоз",
  "Courier": "Курьер",
  // ---- broadcasts ----
  "Write the message first": "Сначала напишите сообщение",
  "The button opens the store, a product (/products/12) or a category (/?category=3)":
    "Кнопка открывает магазин, товар (/products/12) " +
    "или категорию (/?category=3)",
  "Days must be from 1 to {max}": "Число дней: от 1 до {max}",
  "Broadcast {id} not found": "Рассылка {id} не найдена",
  "Nobody matches this segment: there is no one to send it to": "Под эти условия никто не подходит: отправлять некому",
  "This broadcast is finished or canceled: make a new one": "Эта рассылка завершена или отменена: создайте новую",
  "Only a broadcast that is sending can be paused": "Приостановить можно только рассылку, которая отправляется",
  "Open a chat with the bot first: the test goes to your Telegram":
    "Сначала откройте чат с ботом: тестовое " +
    "сообщение придёт вам в Telegram",
  // ---- g-share ----
  "Sharing a card needs the store's Telegram bot, which is not set up here.":
    "Чтобы поделиться карточкой, нужен Telegram-бот магазина, а здесь он не настроен.",
  "Only an account signed in through Telegram can share a card into a Telegram chat.":
    "Отправить карточку в чат Telegram можно только из аккаунта, вошедшего через Telegram.",
  "Telegram could not prepare the card right now. Please try again in a moment.":
    "Telegram сейчас не смог подготовить карточку. Попробуйте ещё раз чуть позже.",
  "{store}: order through my link.": "{store}: заказывайте по моей ссылке.",
  "Invite your friends too: {percent}% of every order they place comes back to you as bonus.":
    "Приглашайте и своих друзей: {percent}% с каждого их заказа " +
    "возвращаются вам бонусами.",
  "Open the store": "Открыть магазин",
  // ---- g-write: write access (issue 26) ----
  "This account has no Telegram chat for the bot to write to.": "У этой учётной записи нет чата в Telegram, куда бот мог бы писать.",
} satisfies Record<ServerMessage, string>;

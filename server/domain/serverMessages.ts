/**
 * Every text the server itself says to a person (the API's error messages, the code mail), in English: the
 * source and the id of each message. Russian and Thai are catalogues typed against this list
 * (server/locales/{ru,th}.ts), so a message thrown in code that is not here, or here without a translation,
 * fails the type check. Errors carry the id and the values of its `{placeholders}`; the error handler answers
 * in the caller's language (server/http/errors.ts), everything else (logs, tests, the bot) reads the English.
 *
 * The English messages are ICU messages with plain `{name}` placeholders only (a literal apostrophe before a
 * brace is doubled: `''{field}''`), so `formatEnglish` renders them without the ICU compiler, here and in
 * the mini-app's bundle; the translations may use the whole of ICU (plural forms in Russian).
 * Spec texts stay exactly as the spec writes them, including its two Russian ones.
 */
export const SERVER_MESSAGES = [
  // ---- the error handler, Fastify and the edge ----
  "Something went wrong on our side. Please try again later.",
  "The store cannot reach its database right now. Please try again in a moment.",
  "Too many requests. Please wait {seconds} s and try again.",
  "Route {method} {path} not found",
  "Page {method} {path} not found",
  "Request body is too large",
  "Unsupported Media Type",
  "Request body size did not match Content-Length",
  "Body cannot be empty when content-type is set to 'application/json'",
  "Body is not valid JSON but content-type is set to 'application/json'",
  "The request could not be handled.",
  // ---- request validation (the API's schemas) ----
  "{param} is required",
  "{param} must be an integer",
  "{param} must be a number",
  "{param} must be a string",
  "{param} must be true or false",
  "{param} must be an object",
  "{param} must be an array",
  "{param} must be null",
  "{param} must be one line of plain text",
  "{param} must be plain text",
  "{param} must be an https:// link",
  "{param} must NOT have more than {limit} characters",
  "{param} must NOT have fewer than {limit} characters",
  "{param} must NOT have more than {limit} items",
  "{param} must NOT have fewer than {limit} items",
  "{param} must be <= {limit}",
  "{param} must be >= {limit}",
  "{param} must be < {limit}",
  "{param} must be > {limit}",
  "{param} must be equal to constant",
  "{param} must be equal to one of the allowed values",
  "{param} must match a schema in anyOf",
  "{param} must NOT have additional properties",
  "{param} must NOT have duplicate items (items ## {j} and {i} are identical)",
  "{param} must match pattern \"{pattern}\"",
  "{param} is invalid",
  "cursor must be the next_cursor of the page before, passed back unchanged",
  "category must be one of {allowed}",
  "locale must be one of {allowed}",
  // ---- access and sign-in ----
  "Отказано в доступе.",
  "Please log in first.",
  "Invalid code!",
  "This code can no longer be used. Request a new one.",
  "email must be an e-mail address",
  "Telegram sign-in is not set up on this server.",
  "Too many codes were asked from your network. Please try again later.",
  "Too many codes were sent to this address. Please wait 10 minutes and try again.",
  "We could not send the code. Please try again in a minute.",
  "Too many attempts from your network. Please try again later.",
  "This e-mail already belongs to another account.",
  "initData has no hash",
  "initData hash is not valid",
  "initData signature does not match",
  "initData has no auth_date",
  "initData has expired: open the store from Telegram again",
  "initData comes from the future: check the server clock",
  "initData user is not valid JSON",
  "initData has no user",
  "User not found",
  "User {id} not found",
  "No user with that e-mail or Telegram id has signed in yet",
  "Admins have no wishlist.",
  // ---- the catalogue and orders ----
  "Shop {id} not found",
  "Product {id} not found",
  "Order {id} not found",
  "Product {productId} has no option {optionId}",
  "At most {max} of {product} per order.",
  "The central warehouse is not a pickup shop: choose a shop",
  "Not enough products in stock",
  "This shop does not take crypto yet: choose cash or card.",
  "Idempotency-Key header is required: 8-128 letters, digits or _.:-",
  "Please choose delivery and payment options!",
  "This Idempotency-Key was already used for a different order.",
  "You already have {max} open orders. Pick one up or cancel it before placing another.",
  "This order is paid: ask the shop to cancel it and send your money back.",
  "This order can no longer be canceled.",
  "Only a pending order takes new settings.",
  "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…).",
  // ---- hand-over ----
  "Not valid Manager",
  "Another manager got this order",
  "Invalid map code",
  "Некорректное число",
  "This order is done or canceled: it can no longer be changed.",
  "This order is already done.",
  "This pickup code is not valid.",
  "You have already taken this order.",
  "Only a new order can be taken.",
  "The customer's bonus balance does not cover this order.",
  "The client can be contacted about an order in work only.",
  "This order is paid and delivered, or closed: its price can no longer change.",
  // ---- crypto payment ----
  "This order is not paid in crypto.",
  "This order is paid already.",
  "Only a new or taken order can be paid: this one is pending, done or canceled.",
  "Crypto payment is not open yet: the store has not set its TON rate.",
  "Ask for the amount to pay first.",
  "This is not a TON wallet address: paste it as your wallet shows it (EQ…, UQ… or 0:…).",
  "A shop's wallet must be on the basechain (workchain 0).",
  "This is a testnet address; the store takes payments on mainnet.",
  "This is a mainnet address; the store takes payments on testnet.",
  "The rate must be a positive number of Baht for one TON.",
  "The rate must be at most 1,000,000,000 Baht for one TON.",
  "The rate may have at most {decimals} decimals.",
  "boc must be the wallet's reply: base64, at most 64 KB.",
  "boc is not a bag of cells: send the wallet's reply as it came.",
  // ---- staff, partners and the bonus ledger ----
  "User {userId} is not on the staff of shop {shopId}",
  "Give either email or telegram_id",
  "You own no shop.",
  "Referral {id} not found",
  "amount must be a signed whole number, not 0",
  "Give a reason for the correction",
  "The balance is {balance}: a correction of {amount} would make it negative.",
  // ---- products (admin) ----
  "Product {id} was deleted and can no longer be changed",
  "Image {imageId} of product {productId} not found",
  "Option {optionId} of product {productId} not found",
  "{param} is too long (at most {max} characters)",
  "Incorrect product_id",
  "Set name",
  "Set description",
  "Set gift_text",
  "Set label",
  "Set price_text",
  "Incorrect Per Price",
  "Incorrect Cost",
  "Incorrect instock",
  "Set hot_deal",
  "Set category_id",
  "in_all_list must be 1 or 0",
  "position must be a whole number from {min} to {max}",
  "Unexpected file field ''{field}'': send images as file-0, file-1, …",
  "Add at least one image",
  "A product needs at least one image: add another before removing this one.",
  "Cannot delete Default product option. Please set new default option and then delete",
  "image_ids must list each of this product's images exactly once",
  // ---- pictures and uploads ----
  "The image file is empty.",
  "Unsupported image type: only JPEG, PNG and WebP pictures are accepted.",
  "The image file is damaged or incomplete.",
  "The image is too large: at most {max} megapixels.",
  "The image is too large: at most {max} MB a file.",
  "Too many files: at most {max} in one request.",
  "Too many fields in one request.",
  "A field is too long: at most {max} KB.",
  "Send this request as multipart/form-data.",
  // ---- shops (admin) ----
  "Set the shop's name.",
  "Koh Samui (city 1) is the only region.",
  "Choose a logo picture for the new shop.",
  "Send one logo picture, as file-0.",
  "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…) or its embed code.",
  "The shop admin e-mail is not a valid address.",
  "{field} must be one line of plain text.",
  "{field} may be at most {max} characters.",
  "The central warehouse holds the stock: it cannot be deleted.",
  "This shop has 1 open order (new or in work): hand them over or cancel them before deleting the shop.",
  "This shop has {count} open orders (new or in work): hand them over or cancel them before deleting the shop.",
  // ---- stock (admin) ----
  "The amount must be a whole number from 1 to {max}.",
  "Stock moves from the central warehouse to a pickup shop: choose a pickup shop.",
  "The central warehouse holds {held} of this option: {asked} cannot be moved.",
  // ---- statistics (admin) ----
  "{param} must be a date written YYYY-MM-DD.",
  "from must be on or before to.",
  "from and to may span at most {max} days.",
  // ---- confirmations in 2xx answers (the admin's forms) ----
  "Product was successfuly uploaded",
  "Product was successfuly updated",
  "Product activated",
  "Product Disabled",
  "Product was deleted",
  "Image was removed",
  "Images were reordered",
  "Product option was succesfuly created",
  "Option was deleted",
  "Default option was changed",
  "New shop was created.",
  "Shop was updated.",
  "Shop was deleted.",
  "You've added {amount} products.",
  "You've moved {amount} products to {shop}.",
  // ---- the code mail ----
  "Your Koh Samui Store code: {code}",
  "Your login code is {code}.",
  "It works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.",
  // ---- broadcasts ----
  "Write the message first",
  "The button opens the store, a product (/products/12) or a category (/?category=3)",
  "Days must be from 1 to {max}",
  "Broadcast {id} not found",
  "Nobody matches this segment: there is no one to send it to",
  "This broadcast is finished or canceled: make a new one",
  "Only a broadcast that is sending can be paused",
  "Open a chat with the bot first: the test goes to your Telegram",
] as const;

export type ServerMessage = (typeof SERVER_MESSAGES)[number];
export type MessageValues = Record<string, string | number>;

/** The names of a message's `{placeholders}`: "Order {id} not found" → "id". */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a message needs, as trailing arguments: none for a message without placeholders. */
export type ValuesOf<Id extends string> = [Placeholders<Id>] extends [never] ? [] : [values: Record<Placeholders<Id>, string | number>];

/** A message that can be said in any language: its English id and the values of its placeholders. */
export interface Translatable {
  readonly messageId: ServerMessage;
  readonly values: MessageValues;
}

export function isTranslatable(value: unknown): value is Translatable {
  return typeof value === "object" && value !== null && typeof (value as Translatable).messageId === "string";
}

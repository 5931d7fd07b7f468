/**
 * What the bot says, in English: the source catalogue (its keys are the message ids) and the fallback. ICU
 * messages (server/domain/messages.ts compiles them once at start). Amounts, dates and times arrive formatted
 * for the reader's locale; counts that choose a plural form arrive as numbers. These are today's texts
 * word for word (the tests assert them); spec texts byte for byte ('succesfuly', 'Отказано в доступе.').
 */
export default {
  // ---- command menus ----
  "command.start": "Open the store",
  "command.orders": "My latest orders",
  "command.help": "What this bot can do",
  "command.staffOrders": "Open orders of my shops",
  "command.adminOrders": "Open orders of every shop",
  "command.stats": "Sales today and in the last 7 days",
  "command.lowstock": "Options running low in the shops",
  "command.addstock": "Add stock to a product",
  "command.cancel": "Stop adding stock",
  "command.notify": "New orders of every shop: /notify on or off",

  // ---- the customer's chat ----
  "store.openStore": "Open Store",
  "store.welcome":
    "Hi {firstName}! Welcome to {store}.\n\nTap {openStore} to browse the catalogue, fill your cart and " +
    "pick a shop: we hold a pickup order for {hours, plural, one {# hour} other {# hours}}.\n\nI will " +
    "message you when your order is placed, being prepared, done, canceled or about to expire. /orders " +
    "shows your latest orders.",
  "store.help":
    "{store} bot\n\n/start opens the store\n/orders shows your latest orders, each with a button to open " +
    "it\n/help shows this message\n\nI also tell you when an order is placed, being prepared, done, " +
    "discounted, canceled or expires, and remind you {minutes, plural, one {# minute} other {# minutes}} " +
    "before a pickup hold ends.\n\nShop managers get each new order of their shop here, with {takeOrder} " +
    "and {open} buttons.",
  "store.hint": "I only understand a few commands: /start to open the store, /orders for your orders, /help for more.",
  "store.noOrders": "You have no orders yet. Tap {openStore} to place one.",
  "store.ordersTitle": "Your latest orders:",
  "store.orderUnavailable": "This order is not available.",
  "store.staleButton": "This button is out of date. Send /orders for a fresh list.",
  "store.somethingWentWrong": "Sorry, something went wrong on our side. Please try again in a minute.",

  // ---- orders ----
  "order.status.N": "New",
  "order.status.W": "In progress",
  "order.status.P": "Pending",
  "order.status.C": "Canceled",
  "order.status.S": "Done",
  "order.delivery.1": "Self pickup",
  "order.delivery.2": "Courier",
  "order.title": "Order #{id} · {status}",
  "order.pickUpBefore": "Please pick it up before {time}.",
  "order.total": "Total: {total}",

  // ---- buttons ----
  "button.openShort": "Open #{id}",
  "button.details": "Details",
  "button.openOrder": "Open order #{id}",
  "button.myOrders": "« My orders",
  "button.takeOrder": "Take order",
  "button.takeOrderShort": "Take order #{id}",
  "button.open": "Open",
  "button.writeTo": "Write to {name}",
  "button.back": "« Back",
  "button.more": "More »",
  "button.cancel": "Cancel",
  "button.add": "Add {amount}",

  // ---- staff: /orders, Take order ----
  "staff.noOpenOrders": "No open orders in your shops right now.",
  "staff.noOpenOrdersAdmin": "No open orders in any shop right now.",
  "staff.openOrdersTitle": "Open orders",
  "staff.moreOrders": "…and {count} more: open the cabinet in the store.",
  "staff.myOwnOrders": "My own orders",
  "staff.heldUntil": "held until {time}",
  "take.took": "You've succesfuly got order",
  "take.accessDenied": "Отказано в доступе.",
  "take.notValidManager": "Not valid Manager",
  "take.anotherManager": "Another manager got this order",
  "take.alreadyYours": "You have already taken this order.",
  "take.notNew": "Only a new order can be taken.",
  "take.closed": "This order is done or canceled: it can no longer be changed.",
  "take.notFound": "Order {id} not found",

  // ---- admin: /stats ----
  "stats.today": "Today, {date}",
  "stats.week": "Last 7 days, {from} – {to}",
  "stats.orders": "Orders: {count}",
  "stats.sales": "Sales: {amount}",
  "stats.margin": "Margin: {amount}",
  "stats.top": "Top products:",
  "stats.topLine": "{rank}. {product}: {amount} sold, {sum}",
  "stats.none": "No completed orders.",
  "stats.footer": "Completed orders only, island time. Charts and CSV: Statistics in the store's admin cabinet.",

  // ---- admin: /lowstock ----
  "lowStock.none": "No option is running low in any shop.",
  "lowStock.title": "Running low ({count}):",
  "lowStock.line": "{product}: {amount} left",
  "lowStock.more": "…and {count} more.",

  // ---- admin: /addstock ----
  "addStock.chooseProduct": "Add stock: which product? Tap it, or type part of its name.",
  "addStock.page": "{prompt} (page {page} of {pages})",
  "addStock.noProducts": "There are no products to add stock to yet.",
  "addStock.noProductMatches": "No product name contains \"{typed}\". Tap one above, or type another part of its name.",
  "addStock.noOptions": "{name} has no option to add stock to.",
  "addStock.inactive": "{name} (inactive)",
  "addStock.productLabel": "Product: {name}",
  "addStock.chooseOption": "Which option of {name}?",
  "addStock.optionLabel": "Option: {option}",
  "addStock.chooseShop": "Add {what} to which shop? In brackets: what it holds now.",
  "addStock.shopLabel": "Shop: {name}",
  "addStock.enterAmount": "Please enter number of products you want to add:",
  "addStock.notNumber": "That is not a number.",
  "addStock.notWhole": "Only whole products can be added: send a whole number, e.g. 10.",
  "addStock.notPositive": "The number must be 1 or more.",
  "addStock.tooLarge": "That is more than {max} at once: please check the number.",
  "addStock.confirm": "Add {amount} × {what} to {shop}?\n\nNow: {before}\nAfter: {after}",
  "addStock.confirmOrCancel": "Tap Add to confirm, or Cancel.",
  "addStock.useButtons": "Please choose with the buttons above, or send /cancel.",
  "addStock.canceled": "Adding stock was canceled. Nothing was changed.",
  "addStock.nothingToCancel": "Nothing to cancel: no stock is being added.",
  "addStock.staleStep": "This button belongs to another step.",
  "addStock.staleConversation": "This step is over. Send /addstock to start again.",
  "addStock.added": "You've added {amount} products.",
  "addStock.nowHolds": "{shop} now holds {amount}.",
  "addStock.notAdded": "Nothing was added.",

  // ---- admin: /notify ----
  "notify.on": "You will get a push for every new order of every shop, with Take order and Open. /notify off stops them.",
  "notify.off": "You get new-order pushes only for the shops you staff. /notify on gives you every shop's.",
  "notify.stateOn": "You get a push for every new order of every shop. /notify off stops them.",
  "notify.usage": "Send /notify on or /notify off.",

  // ---- pushes to customers ----
  "notice.shop": "Shop: {name}",
  "notice.shopWithAddress": "Shop: {name}, {address}",
  "notice.itemsAndTotal": "{count, plural, one {# item} other {# items}} · total {total}",
  "notice.placed": "Your order #{id} is placed.",
  "notice.canceled": "Your order #{id} is canceled.",
  "notice.expired": "The hold on your order #{id} has ended, the items went back on the shelf.",
  "notice.orderAgain": "You are welcome to order again in the store.",
  "notice.reminder": "{minutes, plural, one {# minute} other {# minutes}} left to pick up your order #{id}.",
  "notice.heldUntil": "It is held for you until {time}.",
  "notice.taken": "Your order #{id} is being prepared by the shop.",
  "notice.done": "Your order #{id} is done. Thank you!",
  "notice.paidWithBonus": "Paid with your bonus balance.",
  "notice.discounted": "Your order #{id} got a {percent}% discount.",
  "notice.newTotal": "New total: {total} instead of {before}.",
  "notice.discountRemoved": "The discount on your order #{id} was removed.",
  "notice.totalNow": "Total: {total}.",
  "notice.referralIncome": "You earned {amount} in bonus: someone you invited completed an order.",
  "notice.bonusBalance": "Your bonus balance: {balance}.",
  "notice.paid": "Your payment for order #{id} has arrived. Thank you!",
  "notice.receivedTon": "Received {amount} TON on the chain.",
  "notice.confirmedByShop": "Confirmed by the shop.",

  // ---- pushes to staff and admins ----
  "staffNotice.newOrder": "New order #{id}",
  "staffNotice.heldUntil": "{delivery}, held until {time}",
  "staffNotice.moreLines": "… and {count, plural, one {# more line} other {# more lines}}",
  "staffNotice.youTook": "You took order #{id}.",
  "staffNotice.takenBy": "Order #{id} was taken by {name}.",
  "staffNotice.anotherManager": "another manager",
  "staffNotice.anAdmin": "an admin",
  "staffNotice.youCompleted": "You completed order #{id}.",
  "staffNotice.completedBy": "Order #{id} was completed by {name}.",
  "staffNotice.done": "Order #{id} is done.",
  "staffNotice.canceledBy": "Order #{id} was canceled by {name}.",
  "staffNotice.canceled": "Order #{id} was canceled.",
  "staffNotice.expired": "The hold on order #{id} ended: it was canceled and the items went back on the shelf.",
  "staffNotice.canceledByAdmin": "Order #{id} was canceled by an admin.",
  "staffNotice.paid": "Order #{id} is paid in crypto.",
  "staffNotice.contactTitle": "Contact the client of order #{id}: {name}",
  "staffNotice.email": "E-mail: {email}",
  "staffNotice.noContact": "They left no Telegram chat or e-mail address.",
  "staffNotice.privacy": "Their privacy settings keep me from linking to their chat.",
  "adminNotice.refundDue":
    "A TON transfer for order #{id} must be refunded: {reason, select, order_closed {the order was " +
    "canceled or expired before it arrived} other {the order was paid already}}.",
  "adminNotice.refundAmount": "Amount: {amount} TON",
  "adminNotice.refundFrom": "From: {source}",
  "adminNotice.unknownSource": "unknown",
  "adminNotice.refundTransaction": "Transaction: {hash}",
  "adminNotice.lowStock": "Low stock at {shop}: {product}.",
  "adminNotice.noneLeft": "None left on the shelf.",
  "adminNotice.left": "{count, plural, one {# item} other {# items}} left on the shelf (alert at {threshold} or fewer).",
  // ---- back in stock (issue 25) ----
  "notice.backInStock": "Back in stock: {product}, from your wishlist.",
  "notice.backInStockAt": "Now at: {shops}.",
  "button.openProduct": "Open {product}",
  // ---- broadcasts ----
  "promo.stopButton": "Stop promotions",
  "promo.stopped": "Done: no more promotions from us. Your order notices still come. Send /start to turn promotions back on.",
  "promo.offerOptIn": "You turned our promotions off. Want our offers again?",
  "promo.optInButton": "Get promotions again",
  "promo.optedIn": "Welcome back: you will get our offers again. /stop turns them off.",
  // ---- g-contact ----
  "contact.kept": "Thanks: your phone {phone} is in the store's courier form now.",
  "contact.notYours": "I only keep your own phone number: this contact is someone else's, so I left it out.",
  "contact.invalid": "This phone number does not fit the courier form. Please type it in the store instead.",
  "contact.unknownUser": "Open the store first (/start), then share your phone from the courier form.",
} as const;

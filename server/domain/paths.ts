/**
 * Every route of the mini-app, named once: the mini-app's router and links, the bot's buttons and the
 * server's signed links (the pickup QR) all build their paths here.
 */
import { REFLINK_PATTERN } from "./referrals";

export const paths = {
  home: "/",
  product: (id: number | string) => `/products/${id}`,
  productPattern: "/products/:id",
  wishlist: "/wishlist",
  cabinet: "/cabinet",
  cart: "/orders",
  /** The customer's view of one order; `justPlaced` adds the spec's ?first=Y (OK instead of Cancel order). */
  order: (id: number | string, { justPlaced = false } = {}) => `/order/${id}${justPlaced ? `?${JUST_PLACED_PARAM}=Y` : ""}`,
  orderPattern: "/order/:id",
  orderList: "/list/orders",
  /** The staff's hand-over screen of one order; the pickup QR adds the order's `sig`. */
  manageOrder: (id: number | string, sig?: string) => `/order/manage/${id}${sig ? `?sig=${encodeURIComponent(sig)}` : ""}`,
  manageOrderPattern: "/order/manage/:id",
  /** Every order of the shops the staff member works for. */
  storeOrders: "/list/store-orders",
  /** The shop's sales, filters New and Done. */
  sales: "/list/sales",
  /** The signed-in manager's own sales. */
  managerSales: "/list/manager/sales",
  /** Bonus history (spec §2 /refstat): incomes and expenses of the bonus wallet. */
  bonusHistory: "/refstat",
  /** The referral list. */
  referrals: "/refstat/list",
  /** Income from one referral (the spec's `s_type=partner`). */
  referral: (id: number | string) => `/refstat/conn/${id}?s_type=partner`,
  referralPattern: "/refstat/conn/:id",
  /** The shop owner's bonus history, wholesale entries marked. */
  storeBonusHistory: "/refstat/store",
  /**
   * `/{reflink}`: a referral link opened on the web. Only a reflink-shaped path (the server's
   * REFLINK_PATTERN), and the router's last route but the 404, so every real route still wins.
   */
  reflinkPattern: new RegExp(`^/(?<reflink>${REFLINK_PATTERN.replace(/^\^|\$$/g, "")})$`),
  documents: "/documents",
  notFound: "/404",
  adminCabinet: "/admin-cabinet",
  /** Every admin tool (/admin/products, /admin/stat …): the guard covers them all. */
  adminToolsPattern: "/admin/*",
  /** Statistics (spec §2 /admin/stat), admins only. */
  adminStat: "/admin/stat",
  /** Promo codes (issue 25), admins only. */
  adminPromos: "/admin/promos",
  /** The admin product list (spec §2), every product including inactive and deleted ones. */
  adminProducts: "/admin/products",
  adminCreateProduct: "/admin/create-product",
  adminEditProduct: (id: number | string) => `/admin/products/${id}/edit`,
  adminEditProductPattern: "/admin/products/:id/edit",
  /** Shop management (spec §2), for admins and the allow-listed accounts. */
  shopList: "/shop/list",
  shopCreate: "/shop/create",
  shopEdit: (id: number | string) => `/shop/edit/${id}`,
  shopEditPattern: "/shop/edit/:id",
  /** Broadcasts (issue 25), admins only. */
  adminBroadcasts: "/admin/broadcasts",
} as const;

/** The query parameter the order page reads to tell an order placed a moment ago (spec §2: ?first=Y). */
export const JUST_PLACED_PARAM = "first";

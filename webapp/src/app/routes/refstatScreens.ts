/**
 * The account screens behind one dynamic import (router.tsx): the cabinet, the bonus history and referral screens
 * (/refstat, /refstat/list, /refstat/conn/{id}, /refstat/store) and the licence (/documents). One chunk, loaded
 * when a customer first opens one of them: a first visit needs none. One import point on purpose, as for
 * app/staffScreens.ts, and what would split the entry (the modal, the cart's view) comes from the router as
 * props: see docs/webapp.md "Chunks".
 */
export { RefstatListPage } from "./RefstatListPage";
export { RefstatPage } from "./RefstatPage";
export { RefstatReferralPage } from "./RefstatReferralPage";
export { RefstatStorePage } from "./RefstatStorePage";
export { CabinetPage } from "./CabinetPage";
export { DocumentsPage } from "./DocumentsPage";
export { OrderListPage } from "./OrderListPage";

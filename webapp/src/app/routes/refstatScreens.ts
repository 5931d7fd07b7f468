/**
 * The bonus history and referral screens (/refstat, /refstat/list, /refstat/conn/{id}, /refstat/store) behind one
 * dynamic import (router.tsx): one chunk, loaded when a customer first opens one of them. One import point on
 * purpose, as for app/staffScreens.ts: see docs/webapp.md "Chunks".
 */
export { RefstatListPage } from "./RefstatListPage";
export { RefstatPage } from "./RefstatPage";
export { RefstatReferralPage } from "./RefstatReferralPage";
export { RefstatStorePage } from "./RefstatStorePage";

/** POST /api/referrals/share-message (issue 26): the id of the referral card Telegram keeps for the sharer. */
import { Type, type Static } from "typebox";

export const ShareMessageResponse = Type.Object({
  /** For the mini-app's `shareMessage(id)`; Telegram keeps the card for a limited time (about a day). */
  id: Type.String(),
});
export type ShareMessageResponse = Static<typeof ShareMessageResponse>;

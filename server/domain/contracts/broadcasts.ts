/** Broadcasts (issue 25): the admin's draft, its segment and its progress. */
import { Type, type Static } from "typebox";
import { BROADCAST_BUTTON_TEXT_MAX, BROADCAST_TEXT_MAX, SEGMENT_DAYS_MAX } from "../broadcasts";
import { LocaleSchema } from "./auth";
import { Id } from "./ids";
import { HttpsLink, Text } from "./text";

export const BroadcastSegment = Type.Object(
  {
    type: Type.Union([
      Type.Literal("all"),
      Type.Literal("shop"),
      Type.Literal("ordered_within"),
      Type.Literal("not_ordered_within"),
      Type.Literal("bought"),
    ]),
    shop_id: Type.Optional(Id()),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: SEGMENT_DAYS_MAX })),
    product_id: Type.Optional(Id()),
    /** Only the users who read this language (their choice, else Telegram's, else English). */
    locale: Type.Optional(LocaleSchema),
  },
  { additionalProperties: false },
);
export type BroadcastSegment = Static<typeof BroadcastSegment>;

export const BroadcastBody = Type.Object(
  {
    text: Text({ maxLength: BROADCAST_TEXT_MAX, multiLine: true }),
    /** A picture by its https link (Telegram fetches it): the text becomes its caption, 1024 characters at most. */
    photo_url: Type.Optional(HttpsLink({ maxLength: 500 })),
    /** 'Open Store' (or its own label) opening the store, a product (/products/12) or a category (/?category=3). */
    button: Type.Optional(Type.Object({ text: Text({ maxLength: BROADCAST_BUTTON_TEXT_MAX }), path: Text({ maxLength: 40 }) })),
    segment: BroadcastSegment,
  },
  { additionalProperties: false },
);
export type BroadcastBody = Static<typeof BroadcastBody>;

export const BroadcastCreated = Type.Object({ id: Type.Integer(), recipients: Type.Integer() });

export const RecipientsBody = Type.Object({ segment: BroadcastSegment }, { additionalProperties: false });
export const RecipientsResponse = Type.Object({ recipients: Type.Integer() });

export const BroadcastParams = Type.Object({ id: Id() });

export const BroadcastStatusResponse = Type.Object({
  id: Type.Integer(),
  status: Type.Union([
    Type.Literal("draft"),
    Type.Literal("sending"),
    Type.Literal("paused"),
    Type.Literal("canceled"),
    Type.Literal("done"),
  ]),
  text: Type.String(),
  /** For a draft, how many the segment names now; once sent, the recipients fixed then. */
  recipients: Type.Integer(),
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  blocked: Type.Integer(),
  opted_out: Type.Integer(),
  left: Type.Integer(),
  /** Seconds until the rest is sent at the pace; 0 unless sending. */
  seconds_left: Type.Integer(),
});
export type BroadcastStatusResponse = Static<typeof BroadcastStatusResponse>;

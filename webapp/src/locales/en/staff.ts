/** English messages of the staff screens (hand-over, shop orders, admin): loaded with their chunk. */
export default {
  "staff.title": "Staff",
} as const;

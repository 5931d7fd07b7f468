/**
 * The mini-app's English messages: the source catalogue (its keys are the message ids) and the spec's own
 * words, exactly as the spec writes them. ICU message format: {name} for a value, {count, plural, …} for
 * counts. Keep ids grouped by screen.
 */
export default {
  "language.title": "Language",
  // ---- staff: access check and admin placeholder (entry chunk, shown before the staff messages load) ----
  "staffGate.checking": "Checking access...",
  "staffGate.denied": "Отказано в доступе.",
  "staffGate.toolLater": "This admin tool arrives in a later update.",
  "staffGate.openAdmin": "Open the admin page",
} as const;

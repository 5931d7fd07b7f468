/**
 * The mini-app's English messages: the source catalogue (its keys are the message ids) and the spec's own
 * words, exactly as the spec writes them. ICU message format: {name} for a value, {count, plural, …} for
 * counts. Keep ids grouped by screen.
 */
export default {
  "language.title": "Language",
} as const;

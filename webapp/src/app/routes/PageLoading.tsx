/** A page waiting for its data: the spinner and the spec's loading text. */
export function PageLoading({ text }: { text: string }) {
  return (
    <p className="status-message" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

import { useMutation } from "@tanstack/react-query";
import { ApiRequestError } from "../../../../lib/api";
import { storedToken } from "../../../../lib/session";
import type { StatsQuery } from "../statsRange";

/** The server's `{ error, message }` of a refused download, or null. */
async function refusal(response: Response): Promise<{ error: string | null; message: string | null }> {
  try {
    const body = (await response.json()) as Record<string, unknown>;
    return {
      error: typeof body.error === "string" ? body.error : null,
      message: typeof body.message === "string" ? body.message : null,
    };
  } catch {
    return { error: null, message: null };
  }
}

function fileName(response: Response, query: StatsQuery): string {
  const named = /filename="?([^";]+)"?/i.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return named ?? `statistics-${query.from ?? "start"}-${query.to ?? "today"}.csv`;
}

/**
 * GET /api/admin/stats.csv with the page's range and shop. It needs the bearer token, so a plain link cannot
 * fetch it: the file is fetched here and saved as a download from a Blob.
 */
async function downloadStatsCsv(query: StatsQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(`/api/admin/stats.csv?${params}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiRequestError("FETCH_ERROR", "No connection to the store. Check your internet and try again.");
  }
  if (!response.ok) {
    const served = await refusal(response);
    throw new ApiRequestError(response.status, served.message ?? `The store answered with an error (${response.status}).`, served.error);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName(response, query);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; the address is kept a moment for slower webviews.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Download CSV: a failure is the usual banner with the server's message. */
export function useDownloadStatsCsv() {
  return useMutation({ mutationFn: downloadStatsCsv });
}

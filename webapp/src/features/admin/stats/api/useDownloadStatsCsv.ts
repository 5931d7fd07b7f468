import { useMutation } from "@tanstack/react-query";
import { apiCall } from "../../../../lib/api";
import type { StatsQuery } from "../statsRange";

/**
 * GET /api/admin/stats.csv with the page's range and shop. It needs the bearer token, so a plain link cannot
 * fetch it: the file is fetched through the API client (a dead session opens the sign-in, as on every call)
 * and saved as a download from a Blob.
 */
async function downloadStatsCsv(query: StatsQuery): Promise<void> {
  const { response, body } = await apiCall(
    "/api/admin/stats.csv",
    { query: { ...query }, headers: { Accept: "text/csv, application/json" } },
    (answer) => answer.blob(),
  );
  const named = /filename="?([^";]+)"?/i.exec(response.headers.get("content-disposition") ?? "")?.[1];
  const href = URL.createObjectURL(body);
  const link = document.createElement("a");
  link.href = href;
  link.download = named ?? `statistics-${query.from ?? "start"}-${query.to ?? "today"}.csv`;
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

import { useMutation } from "@tanstack/react-query";
import { apiCall } from "../../../../lib/api";

/**
 * GET /api/admin/orders/export.csv (issue 25): every order line of the last 30 days (the server's default),
 * headed in the admin's language. It needs the bearer token, so the file is fetched through the API client
 * and saved from a Blob, as the statistics' CSV is.
 */
async function downloadOrders(): Promise<void> {
  const { response, body } = await apiCall(
    "/api/admin/orders/export.csv",
    { headers: { Accept: "text/csv, application/json" } },
    (answer) => answer.blob(),
  );
  const named = /filename="?([^";]+)"?/i.exec(response.headers.get("content-disposition") ?? "")?.[1];
  const href = URL.createObjectURL(body);
  const link = document.createElement("a");
  link.href = href;
  link.download = named ?? "orders.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The download as a mutation: pending while the file comes, a failure the usual banner. */
export function useDownloadOrders() {
  return useMutation({ mutationFn: downloadOrders });
}

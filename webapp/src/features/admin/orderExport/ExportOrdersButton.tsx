import { t } from "../../../lib/i18n";
import { DownloadIcon } from "../../../components/moreIcons";
import { useDownloadOrders } from "./api/useDownloadOrders";

/** The admin cabinet's 'Export orders' button: a failure is the usual banner with the server's message. */
export function ExportOrdersButton() {
  const download = useDownloadOrders();
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      data-testid="export-orders"
    >
      {download.isPending ? <span className="button__spinner" aria-hidden="true" /> : <DownloadIcon />}
      {t("staff.orderExport.download")}
    </button>
  );
}

import { t } from "../../../lib/i18n";
import { useScanOrderQr } from "../hooks/useScanOrderQr";
import { ScanQrIcon } from "./staffIcons";
import "./handover.css";

/** 'Scan QR' inside Telegram; absent in a browser, where the phone's camera opens the QR's link itself. */
export function ScanQrButton() {
  const scan = useScanOrderQr();
  if (!scan) return null;
  return (
    <button type="button" className="button staff-scan" onClick={scan} data-testid="scan-qr">
      <ScanQrIcon />
      {t("staff.scan")}
    </button>
  );
}

import type { MouseEvent } from "react";
import { shortenAddress } from "@domain/format";
import { t } from "../lib/i18n";
import { openLink } from "../lib/telegramActions";
import { MapPinIcon } from "./icons";
import { ExternalLinkIcon } from "./moreIcons";
import "./CourierWhere.css";

/**
 * Where the courier goes, on the customer's order page and the staff's hand-over screen: the address as typed
 * and the maps link shortened as the spec shortens addresses (first 5 and last 9 characters), so a long Google
 * Maps link never makes the page wider than the phone. The link opens the whole address outside the app (inside
 * Telegram through Telegram, so the phone's maps app can take it).
 */
export function CourierWhere({ address, link }: { address: string; link: string }) {
  const short = shortenAddress(link);
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openLink(link);
  };
  return (
    <span className="courier-where" data-testid="courier-where">
      <MapPinIcon />
      <span className="courier-where__text">
        {address}
        {address && link && " · "}
        {link && (
          <a
            className="courier-where__link"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={open}
            aria-label={t("courier.openMapsLink", { link: short })}
            data-testid="courier-maps-link"
          >
            {short}
            <ExternalLinkIcon />
          </a>
        )}
      </span>
    </span>
  );
}

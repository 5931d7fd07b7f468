import { useState } from "react";
import { Link } from "wouter";
import { BoxIcon, Icon } from "../../../../components/icons";
import { PlusIcon } from "../../../../components/moreIcons";
import { notify } from "../../../../components/notificationStore";
import { t, type MessageId } from "../../../../lib/i18n";
import { paths } from "../../../../lib/paths";
import { haptic } from "../../../../lib/telegram";
import { addToHomeScreen, canAddToHomeScreen, type HomeScreenOutcome } from "../../../../lib/telegramActions";
import "./adminCabinet.css";

const OUTCOME_TEXT: Record<HomeScreenOutcome, { text: MessageId; type: "S" | "N" | "W" }> = {
  added: { text: "staff.homeIcon.added", type: "S" },
  "already-added": { text: "staff.homeIcon.already", type: "N" },
  unsupported: { text: "staff.homeIcon.unsupported", type: "W" },
  "not-added": { text: "staff.homeIcon.notAdded", type: "N" },
};

/**
 * The admin's buttons of /admin-cabinet (spec §2): Set homeicon, Statistics, Create product, Manage Products.
 * Set homeicon only for the one user the server names (`canSetHomeIcon`) and only where Telegram can do it.
 */
export function AdminCabinetButtons({ canSetHomeIcon }: { canSetHomeIcon: boolean }) {
  const [asking, setAsking] = useState(false);
  const onHomeIcon = async () => {
    setAsking(true);
    try {
      const outcome = await addToHomeScreen();
      haptic(outcome === "added" ? "success" : "warning");
      notify(t(OUTCOME_TEXT[outcome].text), OUTCOME_TEXT[outcome].type);
    } finally {
      setAsking(false);
    }
  };
  return (
    <nav className="admin-buttons" aria-label={t("staff.adminTools")}>
      {canSetHomeIcon && canAddToHomeScreen() && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void onHomeIcon()}
          disabled={asking}
          data-testid="set-home-icon"
        >
          {asking && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.homeIcon.set")}
        </button>
      )}
      <Link href={paths.adminStat} className="button button--ghost" data-testid="link-statistics">
        <ChartIcon />
        {t("staff.adminTools.stats")}
      </Link>
      <Link href={paths.adminCreateProduct} className="button button--ghost" data-testid="link-create-product">
        <PlusIcon />
        {t("staff.product.create")}
      </Link>
      <Link href={paths.adminProducts} className="button button--ghost" data-testid="link-manage-products">
        <BoxIcon />
        {t("staff.adminTools.products")}
      </Link>
    </nav>
  );
}

const ChartIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);

import { Link } from "wouter";
import type { SessionUser } from "@domain/contracts/auth";
import type { MyStoreResponse } from "@domain/contracts/adminShops";
import { CITY_NAME } from "@domain/constants";
import { formatBaht } from "@domain/format";
import { isMapEmbedUrl } from "@domain/maps";
import { Icon, MapPinIcon, StoreIcon, WalletIcon } from "../../../components/icons";
import { ChevronRightIcon, ExternalLinkIcon } from "../../../components/moreIcons";
import { OrderMap } from "../../../components/OrderMap";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { openLink } from "../../../lib/telegramActions";
import { useMyStore } from "../api/useMyStore";
import { showsOwnShop, type CabinetView } from "../cabinetView";
import "./cabinetStore.css";

interface CabinetStoreViewProps {
  user: SessionUser;
  /** The Personal/Store switch's position (the cabinet hides the personal boxes on Store). */
  view: CabinetView;
  onView: (view: CabinetView) => void;
  /** The shop's bonus incomes (GET /api/partner/store, the page that lists them asks it): undefined until known. */
  shopIncome: number | undefined;
}

/**
 * Spec §2 "Cabinet", the store view: the shop's name, address (Koh Samui) and map, its bonus incomes leading to
 * /refstat/store; the Personal/Store switch and 'manage shops' for the allow-listed accounts (and 'manage shops'
 * for admins); the wholesale link when the session has one. In the staff chunk (app/adminScreens.ts): customers
 * without a shop never download it.
 */
export function CabinetStoreView({ user, view, onView, shopIncome }: CabinetStoreViewProps) {
  const ownsShop = user.store_id !== null;
  // Shop admins always see their shop; the allow-listed accounts when the switch says Store.
  const showStore = user.isAllowlisted ? view === "store" : ownsShop;
  const store = useMyStore(showStore && ownsShop);
  const shopName = user.shops.find((shop) => shop.shop_id === user.store_id)?.name ?? t("refstat.yourShop");
  return (
    <>
      {user.isAllowlisted && <ViewSwitch view={view} onView={onView} />}
      {showStore && (ownsShop ? <StoreCard store={store.data ?? null} fallbackName={shopName} /> : <NoShop />)}
      {showsOwnShop(user, view) && <ShopIncomeBox income={shopIncome} />}
      {(user.isAllowlisted || user.isAdmin) && (
        <Link href={paths.shopList} className="cabinet-box card cabinet-box--link" data-testid="manage-shops">
          <span className="cabinet-box__icon">
            <StoreIcon />
          </span>
          <span className="cabinet-box__label cabinet-store__strong">{t("cabinetStore.manageShops")}</span>
          <ChevronRightIcon className="cabinet-box__chevron" />
        </Link>
      )}
      {user.wholesaleUrl && <WholesaleLink url={user.wholesaleUrl} />}
    </>
  );
}

function WholesaleLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      className="cabinet-box card cabinet-box--link"
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openLink(url);
      }}
      data-testid="wholesale-link"
    >
      <span className="cabinet-box__icon">
        <BoxesIcon />
      </span>
      <span className="cabinet-box__text">
        <span>{t("refstat.wholesale")}</span>
        <span className="cabinet-box__hint">{t("cabinetStore.wholesaleHint")}</span>
      </span>
      <ExternalLinkIcon className="cabinet-box__chevron" />
    </a>
  );
}

function ViewSwitch({ view, onView }: { view: CabinetView; onView: (view: CabinetView) => void }) {
  const choices: readonly { view: CabinetView; label: string }[] = [
    { view: "personal", label: t("cabinetStore.personal") },
    { view: "store", label: t("cabinetStore.store") },
  ];
  return (
    <div className="cabinet-switch" role="radiogroup" aria-label={t("cabinetStore.viewLabel")} data-testid="cabinet-switch">
      {choices.map((choice) => (
        <button
          key={choice.view}
          type="button"
          role="radio"
          aria-checked={view === choice.view}
          className="cabinet-switch__choice"
          onClick={() => onView(choice.view)}
          data-testid={`cabinet-view-${choice.view}`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

function StoreCard({ store, fallbackName }: { store: NonNullable<MyStoreResponse["store"]> | null; fallbackName: string }) {
  const embed = store !== null && isMapEmbedUrl(store.map_link);
  return (
    <section className="cabinet-store card" data-testid="store-view" aria-labelledby="cabinet-store-name">
      <div className="cabinet-store__head">
        <span className="cabinet-store__logo">{store?.path ? <img src={store.path} alt="" width={48} height={48} /> : <StoreIcon />}</span>
        <span className="cabinet-store__who">
          <span className="section-title cabinet-store__kicker">{t("refstat.yourShop")}</span>
          <h2 className="cabinet-store__name" id="cabinet-store-name" data-testid="store-view-name">
            {store?.name ?? fallbackName}
          </h2>
        </span>
      </div>
      <p className="cabinet-store__address" data-testid="store-view-address">
        <MapPinIcon />
        <span>{store ? [store.address, store.district, store.city || CITY_NAME].filter(Boolean).join(", ") : CITY_NAME}</span>
      </p>
      {store && embed ? (
        <OrderMap src={store.map_link} title={t("cabinetStore.map")} />
      ) : (
        store?.map_link && (
          <a
            className="cabinet-store__map-link"
            href={store.map_link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="store-view-map-link"
          >
            {t("cabinetStore.openMap")}
            <ExternalLinkIcon />
          </a>
        )
      )}
    </section>
  );
}

/** An allow-listed account that owns no shop: the store view has only 'manage shops'. */
function NoShop() {
  return (
    <p className="cabinet-box card cabinet-box--muted cabinet-store__none" data-testid="store-view-none">
      {t("cabinetStore.noShop")}
    </p>
  );
}

/** The referral box's incomes, the shop's: they lead to /refstat/store. */
function ShopIncomeBox({ income }: { income: number | undefined }) {
  return (
    <Link href={paths.storeBonusHistory} className="cabinet-box card" data-testid="store-incomes">
      <span className="cabinet-box__icon">
        <WalletIcon />
      </span>
      <span className="cabinet-box__text">
        <span className="cabinet-box__label">{t("cabinetStore.shopIncomes")}</span>
        <strong className="cabinet-store__income" data-testid="store-income">
          {income === undefined ? "–" : formatBaht(income)}
        </strong>
      </span>
      <ChevronRightIcon className="cabinet-box__chevron" />
    </Link>
  );
}

/** Stacked boxes: wholesale. */
const BoxesIcon = () => (
  <Icon>
    <rect x="3.5" y="12.5" width="7.5" height="7.5" rx="1" />
    <rect x="13" y="12.5" width="7.5" height="7.5" rx="1" />
    <rect x="8.25" y="4" width="7.5" height="7.5" rx="1" />
  </Icon>
);

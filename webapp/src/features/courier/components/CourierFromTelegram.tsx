/**
 * The courier form's Telegram buttons (issue 26), a chunk of their own loaded inside Telegram only: 'Share my
 * phone from Telegram' (requestContact: Telegram sends the contact to the bot, which keeps it on the user; the
 * form then reads it from the server, every second for up to 15 s) and 'Use my location' (LocationManager,
 * asked only when pressed; kept as a maps link). An older client shows neither, and typing always stays.
 */
import { useEffect, useRef, useState } from "react";
import { coordinatesText, mapsLinkAt } from "@domain/contact";
import type { FromTelegramProps } from "../../../components/courierFromTelegram";
import { MapPinIcon } from "../../../components/icons";
import { PhoneIcon } from "../../../components/moreIcons";
import { t, type MessageId } from "../../../lib/i18n";
import { canRequestPhone, requestPhone } from "../../../lib/telegramContact";
import { canRequestLocation, openLocationSettings, requestLocation } from "../../../lib/telegramLocation";
import { fetchMyContact } from "../api/fetchMyContact";
import { keepMyLocation } from "../api/keepMyLocation";
import "./CourierFromTelegram.css";

/** How often, and how long, the form looks for the phone once Telegram has sent it to the bot. */
const PHONE_POLL_MS = 1_000;
const PHONE_POLL_FOR_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** False once the component is gone: a late answer then changes nothing. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

async function keptPhone(): Promise<string | null> {
  try {
    return (await fetchMyContact()).phone;
  } catch {
    // A failed poll: the next one may get through.
    return null;
  }
}

type PhoneState = "idle" | "asking" | "waiting" | "not-arrived";

function SharePhoneButton({ onPhone }: { onPhone: (phone: string) => void }) {
  const [state, setState] = useState<PhoneState>("idle");
  const mounted = useMounted();
  if (!canRequestPhone()) return null;

  const share = async () => {
    setState("asking");
    // The phone kept before: a new one differs from it (the same number shared again shows at the end).
    const before = await keptPhone();
    const outcome = await requestPhone();
    if (!mounted.current) return;
    if (outcome !== "sent") {
      setState("idle");
      return;
    }
    setState("waiting");
    let phone: string | null = null;
    for (const deadline = Date.now() + PHONE_POLL_FOR_MS; Date.now() < deadline; ) {
      await pause(PHONE_POLL_MS);
      if (!mounted.current) return;
      phone = (await keptPhone()) ?? phone;
      if (phone && phone !== before) break;
    }
    if (!mounted.current) return;
    if (phone) onPhone(phone);
    else setState("not-arrived");
  };

  const busy = state === "asking" || state === "waiting";
  return (
    <div className="from-telegram">
      <button type="button" className="button button--ghost" onClick={share} disabled={busy} data-testid="share-phone">
        {busy ? <span className="button__spinner" /> : <PhoneIcon />}
        {t("courier.sharePhone")}
      </button>
      {state === "waiting" && <p className="from-telegram__note" role="status">{t("courier.waitingPhone")}</p>}
      {state === "not-arrived" && <p className="from-telegram__note" role="status">{t("courier.phoneNotArrived")}</p>}
      {state !== "waiting" && <p className="from-telegram__or">{t("courier.orType")}</p>}
    </div>
  );
}

/** The point as the address form takes it: a maps link, and a line a courier can read. */
interface SharedLocation {
  link: string;
  coordinates: string;
}

const LOCATION_FAILURES: Record<"unavailable" | "denied" | "no-answer", MessageId> = {
  unavailable: "courier.locationUnavailable",
  denied: "courier.locationDenied",
  "no-answer": "courier.locationNoAnswer",
};

type LocationState = "idle" | "locating" | "filled" | keyof typeof LOCATION_FAILURES;

function UseLocationButton({ onLocation }: { onLocation: (place: SharedLocation) => void }) {
  const [state, setState] = useState<LocationState>("idle");
  const mounted = useMounted();
  if (!canRequestLocation()) return null;

  const locate = async () => {
    setState("locating");
    const outcome = await requestLocation();
    if (!mounted.current) return;
    if (outcome.kind === "unsupported") {
      setState("idle");
      return;
    }
    if (outcome.kind !== "located") {
      setState(outcome.kind);
      return;
    }
    const { latitude, longitude } = outcome;
    let place: SharedLocation;
    try {
      const kept = await keepMyLocation(latitude, longitude);
      place = { link: kept.delivery_address_link, coordinates: kept.coordinates };
    } catch {
      // Not kept on the account this time; the order still carries it.
      place = { link: mapsLinkAt(latitude, longitude), coordinates: coordinatesText(latitude, longitude) };
    }
    if (!mounted.current) return;
    onLocation(place);
    setState("filled");
  };

  return (
    <div className="from-telegram">
      <button type="button" className="button button--ghost" onClick={locate} disabled={state === "locating"} data-testid="use-location">
        {state === "locating" ? <span className="button__spinner" /> : <MapPinIcon />}
        {t("courier.useLocation")}
      </button>
      {state === "locating" && <p className="from-telegram__note" role="status">{t("courier.locating")}</p>}
      {state === "filled" && <p className="from-telegram__note" role="status">{t("courier.locationFilled")}</p>}
      {state in LOCATION_FAILURES && (
        <p className="from-telegram__note from-telegram__note--problem" role="status" data-testid="location-problem">
          {t(LOCATION_FAILURES[state as keyof typeof LOCATION_FAILURES])}
          {state === "denied" && (
            <button type="button" className="from-telegram__link" onClick={() => void openLocationSettings()}>
              {t("courier.locationSettings")}
            </button>
          )}
        </p>
      )}
    </div>
  );
}

/** The phone form's button (given `onPhone`) or the address form's (given its fields' setters). */
export default function CourierFromTelegram(props: FromTelegramProps) {
  if ("onPhone" in props) return <SharePhoneButton onPhone={props.onPhone} />;
  const { setAddress, setLink } = props;
  return (
    <UseLocationButton
      onLocation={(place) => {
        setLink(place.link);
        // What was typed stays (a house number); an empty field gets the point, readable by the courier.
        setAddress((typed) => (typed.trim() === "" ? t("courier.locationAddress", { coordinates: place.coordinates }) : typed));
      }}
    />
  );
}

/**
 * Telegram's LocationManager (Bot API 8.0), for the courier form's 'Use my location' (issue 26). Nothing is asked
 * until the person presses it: then the manager is set up (`web_app_check_location`, answered by
 * `location_checked`) and the point asked for (`web_app_request_location`, answered by `location_requested`;
 * Telegram asks the person for access the first time). Loaded with the courier form's Telegram buttons only.
 */
import { isInsideTelegram, sdkNow, versionAtLeast, type WebAppApi } from "./telegram";

type LocationManager = WebAppApi["LocationManager"];

const V_LOCATION_MANAGER = "8.0";
/** How long Telegram gets to say whether the device has a location at all. */
const CHECK_WAIT_MS = 5_000;
/** How long the person gets for Telegram's access dialog and the phone for its fix. */
const LOCATION_WAIT_MS = 60_000;

/** Telegram can give the location: inside Telegram, 8.0 or newer. */
export function canRequestLocation(): boolean {
  return isInsideTelegram() && versionAtLeast(V_LOCATION_MANAGER);
}

/**
 * What came of asking: the point; a device without location; access refused (now or earlier, in Telegram's
 * settings for this bot); no answer in time; or not inside a Telegram that has it.
 */
export type LocationOutcome =
  | { kind: "located"; latitude: number; longitude: number }
  | { kind: "unavailable" | "denied" | "no-answer" | "unsupported" };

async function manager(): Promise<LocationManager | null> {
  const sdk = await sdkNow();
  const locations = sdk.LocationManager;
  if (locations.isInited) return locations;
  // init() calls back once Telegram answers; it never calls back when already set up, hence the check above.
  const inited = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_WAIT_MS);
    locations.init(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  return inited ? locations : null;
}

export async function requestLocation(): Promise<LocationOutcome> {
  if (!canRequestLocation()) return { kind: "unsupported" };
  const locations = await manager();
  if (!locations) return { kind: "no-answer" };
  if (!locations.isLocationAvailable) return { kind: "unavailable" };
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: "no-answer" }), LOCATION_WAIT_MS);
    locations.getLocation((point) => {
      clearTimeout(timer);
      resolve(point ? { kind: "located", latitude: point.latitude, longitude: point.longitude } : { kind: "denied" });
    });
  });
}

/** Access was refused before: Telegram's settings for this bot are where it is given back. */
export async function openLocationSettings(): Promise<void> {
  const locations = await manager();
  if (locations?.isAccessRequested && !locations.isAccessGranted) locations.openSettings();
}

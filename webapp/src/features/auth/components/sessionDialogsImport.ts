import { lazyModule } from "../../../lib/lazyModule";

/** The chunk of the session's dialogs and the balance menu (sessionDialogs.ts). */
export const sessionDialogs = lazyModule(() => import("./sessionDialogs"));

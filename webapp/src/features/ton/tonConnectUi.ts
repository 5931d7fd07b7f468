/**
 * `@tonconnect/ui` as the bundle sees it (webapp/vite.config.ts aliases the bare name here): the package's own
 * browser build, imported as a file like the Telegram SDK. Its ES build pulls in tweetnacl, whose
 * `typeof require` makes Rolldown put its `require` helper into the customer's entry (+0.3 kB gzipped), which
 * must not grow (docs/webapp.md "Chunks"). `@tonconnect/ui-react` imports these names from it; types still come
 * from the package itself.
 */
import type * as TonConnectUi from "@tonconnect/ui";
// @ts-expect-error: the browser build has no types of its own; its exports are typed below.
import browserBuild from "../../../../node_modules/@tonconnect/ui/dist/tonconnect-ui.min.js";

const build = browserBuild as typeof TonConnectUi;
export const { TonConnectUI, TonConnectUIError, toUserFriendlyAddress, CHAIN, THEME } = build;
